"""A letra certa em maiúscula e com espaços: a correção compara depois de strip() e lower()."""

resposta_2_8 = " D "
