"""O argumento nome_produto só tem o tipo: falta-lhe a description.

Requisito: r5
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = copy.deepcopy(FERRAMENTA_CATALOGO)
FERRAMENTA_CATALOGO["function"]["parameters"]["properties"]["nome_produto"] = {"type": "string"}
