"""A letra certa em maiúscula e com espaços: as verificações comparam depois de strip() e lower()."""

resposta_1_2 = " C "
