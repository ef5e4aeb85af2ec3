{#- O formgrader do nbgrader 0.9 em português (manage_students.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'manage_students_base.tpl' -%}

{%- block head -%}
<script src="{{ base_url }}/curso/formgrader/js/manage_students.js"></script>
{%- endblock -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li class="active">Alunos</li>
</ol>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Nome</th>
  <th class="text-center">Identificador</th>
  <th class="text-center">E-mail</th>
  <th class="text-center">Nota total</th>
  <th class="text-center no-sort">Editar aluno</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="5">A carregar…</td></tr>
{%- endblock -%}

{%- block table_footer -%}
<tr>
  <td colspan="5">
    <span class="glyphicon glyphicon-plus" aria-hidden="true"></span>
    <a href="#" onClick="createStudentModal();">Novo aluno…</a>
  </td>
</tr>
{%- endblock -%}
