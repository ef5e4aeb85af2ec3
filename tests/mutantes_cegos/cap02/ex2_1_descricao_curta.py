"""A descrição da ferramenta é uma frase curta, de nove palavras, que não diz quando a usar.

Requisito: r4
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = copy.deepcopy(FERRAMENTA_CATALOGO)
FERRAMENTA_CATALOGO["function"]["description"] = "Consulta o preço e o stock de um produto."
