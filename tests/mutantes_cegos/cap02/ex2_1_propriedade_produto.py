"""Chama à propriedade "produto" em vez de "nome_produto" (e põe "produto" em required).

Requisito: r2
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = copy.deepcopy(FERRAMENTA_CATALOGO)
_parametros = FERRAMENTA_CATALOGO["function"]["parameters"]
_parametros["properties"] = {"produto": _parametros["properties"]["nome_produto"]}
_parametros["required"] = ["produto"]
