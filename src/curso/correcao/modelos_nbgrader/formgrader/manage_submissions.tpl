{#- O formgrader do nbgrader 0.9 em português (manage_submissions.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'base.tpl' -%}

{%- block head -%}
<script>
var assignment_id = "{{ assignment_id }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/manage_submissions.js"></script>
{%- endblock head -%}

{%- block title -%}
Gerir submissões
{%- endblock -%}

{%- block sidebar -%}
<li role="presentation" class="active"><a href="{{ base_url }}/formgrader/manage_assignments">Gerir trabalhos</a></li>
<li role="presentation"><a href="{{ base_url }}/formgrader/gradebook">Correção manual</a></li>
<li role="presentation"><a href="{{ base_url }}/formgrader/manage_students">Gerir alunos</a></li>
{%- endblock -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li><a href="{{ base_url }}/formgrader/manage_assignments">Capítulos</a></li>
  <li class="active">{{ assignment_id }}</li>
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
        <p>
          <b>Nota:</b> aqui podes corrigir automaticamente a submissão de um aluno de cada vez,
          carregando no ícone da coluna «Corrigir». Para corrigir todas as submissões de uma vez,
          usa a <a target="_blank" href="{{ base_url }}/terminals/1">linha de comandos</a>
          (neste curso, com <code>curso corrigir</code>, que também gera o retorno):
        </p>
        <p>
        <pre>
cd "{{ course_dir }}"
curso corrigir --capitulos "{{ assignment_id }}"</pre>
        </p>
      </div>
    </div>
  </div>
</div>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Nome do aluno</th>
  <th class="text-center">Identificador</th>
  <th class="text-center">Entregue em</th>
  <th class="text-center">Estado</th>
  <th class="text-center">Nota</th>
  <th class="text-center no-sort">Corrigir</th>
  <th class="text-center no-sort">Gerar retorno</th>
  <th class="text-center no-sort">Enviar retorno</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr>
  <td>A carregar…</td>
  <td></td>
  <td></td>
  <td></td>
  <td></td>
  <td></td>
  <td></td>
  <td></td>
</tr>
{%- endblock -%}
