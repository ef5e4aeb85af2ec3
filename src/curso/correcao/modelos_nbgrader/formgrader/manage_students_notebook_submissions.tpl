{#- O formgrader do nbgrader 0.9 em português (manage_students_notebook_submissions.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'manage_students_base.tpl' -%}

{%- block head -%}
<script>
var student_id = "{{ student_id }}";
var assignment_id = "{{ assignment_id }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/manage_students_notebook_submissions.js"></script>
{%- endblock head -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li><a href="{{ base_url }}/formgrader/manage_students">Alunos</a></li>
  <li><a href="{{ base_url }}/formgrader/manage_students/{{ student_id }}">{{ student_id }}</a></li>
  <li class="active">{{ assignment_id }}</li>
</ol>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Caderno</th>
  <th class="text-center">Nota total</th>
  <th class="text-center">Código</th>
  <th class="text-center">Respostas escritas</th>
  <th class="text-center">Tarefas</th>
  <th class="text-center">Falta rever à mão?</th>
  <th class="text-center">Verificações falhadas?</th>
  <th class="text-center">Marcada?</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="7">A carregar…</td></tr>
{%- endblock -%}
