{#- O formgrader do nbgrader 0.9 em português (manage_students_assignments.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'manage_students_base.tpl' -%}

{%- block head -%}
<script>
var student_id = "{{ student_id }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/manage_students_assignments.js"></script>
{%- endblock head -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li><a href="{{ base_url }}/formgrader/manage_students">Alunos</a></li>
  <li class="active">{{ student_id }}</li>
</ol>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Capítulo</th>
  <th class="text-center">Nota total</th>
  <th class="text-center">Código</th>
  <th class="text-center">Respostas escritas</th>
  <th class="text-center">Tarefas</th>
  <th class="text-center">Falta rever à mão?</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="5">A carregar…</td></tr>
{%- endblock -%}
