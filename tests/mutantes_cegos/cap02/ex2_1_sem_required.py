"""Esquece a lista required: o nome_produto fica opcional.

Requisito: r3
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = copy.deepcopy(FERRAMENTA_CATALOGO)
del FERRAMENTA_CATALOGO["function"]["parameters"]["required"]
