{#- O formgrader do nbgrader 0.9 em português (base_403.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'base.tpl' -%}

{%- block title -%}
Sem autorização
{%- endblock -%}

{%- block body -%}
<div class="panel-body">
Não tens autorização para abrir o formgrader.
<span id="error-{{ error_code }}"></span>
</div>
{%- endblock -%}
