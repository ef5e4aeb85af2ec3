"""Não envolve o ast.parse num try: texto que não é uma expressão ("2 +") sai como SyntaxError.

Requisito: r4
"""
# ruff: noqa: F821

import ast

_certo = calcular


def calcular(expressao):
    if isinstance(expressao, str):
        ast.parse(expressao.strip(), mode="eval")
    return _certo(expressao)
