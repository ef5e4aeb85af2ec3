"""Dá o texto ao ast.parse sem strip(): uma expressão com espaços no início é recusada.

Requisito: r2
"""
# ruff: noqa: F821

import ast

_certo = calcular


def calcular(expressao):
    if isinstance(expressao, str):
        try:
            ast.parse(expressao, mode="eval")
        except SyntaxError as erro:  # " 10 - 2" dá IndentationError (unexpected indent)
            raise ValueError(f"expressão inválida: {erro}") from None
    return _certo(expressao)
