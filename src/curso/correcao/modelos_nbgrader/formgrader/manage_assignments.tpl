{#- O formgrader do nbgrader 0.9 em português (manage_assignments.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'base.tpl' -%}

{%- block head -%}
<script>
var url_prefix = "{{ url_prefix }}";
var default_timezone = "{{ default_timezone }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/manage_assignments.js"></script>
{%- endblock -%}

{%- block title -%}
Gerir trabalhos
{%- endblock -%}

{%- block sidebar -%}
<li role="presentation" class="active"><a href="{{ base_url }}/formgrader/manage_assignments">Gerir trabalhos</a></li>
<li role="presentation"><a href="{{ base_url }}/formgrader/gradebook">Correção manual</a></li>
<li role="presentation"><a href="{{ base_url }}/formgrader/manage_students">Gerir alunos</a></li>
{%- endblock -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li class="active">Capítulos</li>
</ol>
{%- endblock -%}

{%- block messages -%}
<div class="panel-group" id="accordion" role="tablist" aria-multiselectable="true">
  <div class="panel panel-default">
    <div class="panel-heading" role="tab" id="headingOne">
      <h4 class="panel-title">
        <a class="collapsed" role="button" data-toggle="collapse" data-parent="#accordion" href="#collapseOne" aria-expanded="false" aria-controls="collapseOne">
          Instruções (carrega para abrir)
        </a>
      </h4>
    </div>
    <div id="collapseOne" class="panel-collapse collapse" role="tabpanel" aria-labelledby="headingOne">
      <div class="panel-body">
        <p>Neste curso, <code>curso corrigir</code> (na raiz do curso) regista os capítulos, corrige
        as submissões e gera o retorno; aqui podes fazê-lo à mão, um capítulo de cada vez.</p>
        <ol>
          <li>Para <b>criar</b> um capítulo, carrega em «Novo capítulo…», no fim da tabela.</li>
          <li>Para <b>editar os ficheiros</b> de um capítulo, carrega no seu nome.</li>
          <li>Para <b>editar os dados</b> de um capítulo (a data limite), carrega no ícone da coluna «Editar».</li>
          <li>Para <b>gerar</b> a versão do aluno de um capítulo, carrega no ícone da coluna «Gerar».</li>
          <li>Para <b>pré-visualizar</b> a versão do aluno de um capítulo, carrega no ícone da coluna «Pré-visualizar».</li>
          <li><i>(só no JupyterHub)</i> Para <b>publicar</b> o capítulo aos alunos, carrega no ícone da
          coluna «Publicar». Podes anular a publicação carregando outra vez, mas alguns alunos podem já ter
          ido buscar o capítulo. <b>Nota:</b> o ícone «Publicar» só aparece se a opção
          <code>course_id</code> estiver definida no <code>nbgrader_config.py</code>.
          Os pormenores estão na <a href="http://nbgrader.readthedocs.io/en/stable/configuration/config_options.html">documentação do nbgrader</a> (em inglês).</li>
          <li><i>(só no JupyterHub)</i> Para <b>recolher</b> as submissões, carrega no ícone da coluna «Recolher».</li>
          <li>Para <b>corrigir automaticamente</b> as submissões, carrega no número de submissões
          recolhidas. Tens de correr a correção automática antes de poderes corrigir à mão.</li>
        </ol>
      </div>
    </div>
  </div>
</div>
{% if current_config %}
<div class="panel-group" id="config" role="tablist" aria-multiselectable="true">
  <div class="panel panel-default">
    <div class="panel-heading" role="tab" id="headingConfig">
      <h4 class="panel-title">
        <a class="collapsed" role="button" data-toggle="collapse" data-parent="#accordion" href="#collapseConfig" aria-expanded="false" aria-controls="collapseConfig">
          Configuração em uso (carrega para abrir)
        </a>
      </h4>
    </div>
    <div id="collapseConfig" class="panel-collapse collapse" role="tabpanel" aria-labelledby="headingConfig">
      <pre class="panel-body">{{ current_config }}</pre>
    </div>
  </div>
</div>
{% endif %}
{% if windows %}
<div class="alert alert-warning" id="warning-windows">
Estás no Windows: publicar e recolher não funcionam aqui.
</div>
{% elif exchange_missing %}
<div class="alert alert-warning" id="warning-exchange">
A pasta de troca (<i>exchange</i>) <code>{{ exchange }}</code> não existe e não foi possível
criá-la: publicar e recolher pelo formgrader não funcionam. Só precisas dela para distribuir e
recolher os capítulos num servidor partilhado (um JupyterHub); num portátil, se recebes as
submissões de outra forma e corriges com <code>curso corrigir</code>, podes ignorar este aviso.
Como a preparar:
<a href="http://nbgrader.readthedocs.io/en/stable/user_guide/managing_assignment_files.html#setting-up-the-exchange">documentação do nbgrader</a>
(em inglês).
</div>
{% elif not course_id %}
<div class="alert alert-warning" id="warning-course-id">
Falta definir o <code>course_id</code> no <code>nbgrader_config.py</code>: publicar e recolher
não funcionam. Como o definir:
<a href="http://nbgrader.readthedocs.io/en/stable/user_guide/managing_assignment_files.html#setting-up-the-exchange">documentação do nbgrader</a>
(em inglês).
</div>
{% endif %}
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Capítulo</th>
  <th class="text-center">Data limite</th>
  <th class="text-center">Estado</th>
  <th class="text-center no-sort">Editar</th>
  <th class="text-center no-sort">Gerar</th>
  <th class="text-center no-sort">Pré-visualizar</th>
  <th class="text-center no-sort">Publicar</th>
  <th class="text-center no-sort">Recolher</th>
  <th class="text-center">N.º de submissões</th>
  <th class="text-center no-sort">Gerar retorno</th>
  <th class="text-center no-sort">Enviar retorno</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="11">A carregar…</td></tr>
{%- endblock -%}

{%- block table_footer -%}
<tr>
  <td colspan="11">
    <span class="glyphicon glyphicon-plus" aria-hidden="true"></span>
    <a href="#" onClick="createAssignmentModal();">Novo capítulo…</a>
  </td>
</tr>
{%- endblock -%}
