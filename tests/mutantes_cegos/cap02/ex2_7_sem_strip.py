"""Dá o texto ao ast.parse sem strip(): " 1 + 1", que o calcular do 2.6 aceita, é recusado.

Requisito: r1
"""
# ruff: noqa: F821

import ast

_certo = calcular_com_limites


def calcular_com_limites(expressao):
    if isinstance(expressao, str) and len(expressao) <= MAX_CARACTERES:
        try:
            ast.parse(expressao, mode="eval")
        except SyntaxError as erro:
            raise ValueError(f"expressão inválida: {erro}") from None
    return _certo(expressao)
