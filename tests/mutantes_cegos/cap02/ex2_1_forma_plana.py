"""Escreve a forma plana (a da Responses API): name, description e parameters ao lado de "type", sem "function".

Requisito: r1
"""
# ruff: noqa: F821

import copy

FERRAMENTA_CATALOGO = {"type": "function", **copy.deepcopy(FERRAMENTA_CATALOGO["function"])}
