{#- O formgrader do nbgrader 0.9 em português (gradebook_notebook_submissions.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'gradebook_base.tpl' -%}

{%- block head -%}
<script>
var assignment_id = "{{ assignment_id }}";
var notebook_id = "{{ notebook_id }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/gradebook_notebook_submissions.js"></script>
{%- endblock head -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li><a href="{{ base_url }}/formgrader/gradebook">Correção manual</a></li>
  <li><a href="{{ base_url }}/formgrader/gradebook/{{ assignment_id }}">{{ assignment_id }}</a></li>
  <li class="active">{{ notebook_id }}</li>
</ol>
{%- endblock -%}

<!-- o botão que mostra ou esconde os nomes de todos os alunos -->
{%- block messages -%}
<button id="toggle_names" onclick="toggleAllNames()">Mostrar todos os nomes</button>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th></th>
  <th>Submissão</th>
  <th class="text-center">Nota</th>
  <th class="text-center">Código</th>
  <th class="text-center">Respostas escritas</th>
  <th class="text-center">Tarefas</th>
  <th class="text-center">Falta rever à mão?</th>
  <th class="text-center">Verificações falhadas?</th>
  <th class="text-center">Marcada?</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="8">A carregar…</td></tr>
{%- endblock -%}
