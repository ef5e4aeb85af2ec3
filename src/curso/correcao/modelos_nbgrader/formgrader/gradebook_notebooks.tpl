{#- O formgrader do nbgrader 0.9 em português (gradebook_notebooks.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'gradebook_base.tpl' -%}

{%- block head -%}
<script>
var assignment_id = "{{ assignment_id }}";
</script>

<script src="{{ base_url }}/curso/formgrader/js/gradebook_notebooks.js"></script>
{%- endblock head -%}

{%- block breadcrumbs -%}
<ol class="breadcrumb">
  <li><a href="{{ base_url }}/formgrader/gradebook">Correção manual</a></li>
  <li class="active">{{ assignment_id }}</li>
</ol>
{%- endblock -%}

{%- block table_header -%}
<tr>
  <th>Caderno</th>
  <th class="text-center">Nota média</th>
  <th class="text-center">Média (código)</th>
  <th class="text-center">Média (respostas escritas)</th>
  <th class="text-center">Média (tarefas)</th>
  <th class="text-center">Falta rever à mão?</th>
</tr>
{%- endblock -%}

{%- block table_body -%}
<tr><td colspan="6">A carregar…</td></tr>
{%- endblock -%}
