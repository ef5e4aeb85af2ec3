{#- O formgrader do nbgrader 0.9 em português (base_500.tpl, licença BSD de 3 cláusulas, ver ../LEIAME.md). -#}
{%- extends 'base.tpl' -%}

{%- block title -%}
Erro
{%- endblock -%}

{%- block body -%}
<div class="panel-body">
O formgrader encontrou um erro. Vê o registo do servidor Jupyter (no terminal onde o abriste) ou
pede ajuda a quem administra o formgrader.
<span id="error-{{ error_code }}"></span>
</div>
{%- endblock -%}
