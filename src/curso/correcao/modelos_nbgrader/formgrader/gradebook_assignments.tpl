{#- O formgrader do nbgrader 0.9 em português (gradebook_assignments.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'gradebook_base.tpl' -%}

{%- block head -%}
<script src="{{ base_url }}/curso/formgrader/js/gradebook_assignments.js"></script>
{%- endblock -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li class="active">Correção manual</li>
</ol>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Capítulo</th>
  <th class="text-center">Data limite</th>
  <th class="text-center">Submissões</th>
  <th class="text-center">Nota média</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="4">A carregar…</td></tr>
{%- endblock -%}
