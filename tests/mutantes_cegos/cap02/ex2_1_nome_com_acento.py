"""Dá à ferramenta o nome "consultar_catálogo", com acento, em vez de "consultar_catalogo".

Requisito: r6
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = copy.deepcopy(FERRAMENTA_CATALOGO)
FERRAMENTA_CATALOGO["function"]["name"] = "consultar_catálogo"
