{#- O formgrader do nbgrader 0.9 em português (manage_students_base.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'base.tpl' -%}

{%- block title -%}
Gerir alunos
{%- endblock -%}

{%- block sidebar -%}
<li role="presentation"><a href="{{ base_url }}/formgrader/manage_assignments">Gerir trabalhos</a></li>
<li role="presentation"><a href="{{ base_url }}/formgrader/gradebook">Correção manual</a></li>
<li role="presentation" class="active"><a href="{{ base_url }}/formgrader/manage_students">Gerir alunos</a></li>
{%- endblock -%}
