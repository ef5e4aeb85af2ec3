{#- O formgrader do nbgrader 0.9 em português (formgrade_404.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md).
    O original importa «formgrade_macros.tpl», que o nbgrader 0.9.6 já não tem (a página dava erro 500):
    aqui importa as macros traduzidas do modelo «formgrade» (curso.correcao.formgrader.por_a_frente). -#}
{% from 'formgrade/formgrade_macros.html.j2' import nav, header %}

<!DOCTYPE html>
<html lang="pt-PT">
<head>
{{ header(resources) }}
<link rel="stylesheet" href="{{ resources.base_url }}/formgrader/static/css/formgrade.css" />
</head>

<body>
  {{ nav(resources) }}
  <div class="container">
    <div class="panel panel-default">
      <div class="panel-heading">
        <h4 class="panel-title">
          <span>{{ resources.notebook_id }}</span>
          <span class="pull-right">Submissão {{ resources.index + 1 }} de {{ resources.total }}</span>
        </h4>
      </div>
      <div class="panel-body">
        <div id="notebook" class="border-box-sizing">
          <div class="container" id="notebook-container">
            Erro: falta o caderno corrigido desta submissão ({{ resources.filename }}). Corre
            <code>curso corrigir</code> outra vez para o refazer.
          </div>
        </div>
      </div>
    </div>
  </div>
</body>

</html>
