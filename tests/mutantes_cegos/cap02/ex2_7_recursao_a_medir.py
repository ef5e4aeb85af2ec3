"""Mede a profundidade com uma função recursiva antes de a comparar com o limite: "-" * 998 + "1" dá RecursionError.

Requisito: r9
"""
# ruff: noqa: F821

import ast

_certo = calcular_com_limites


def _profundidade(no):
    filhos = [_profundidade(filho) for filho in ast.iter_child_nodes(no)]
    return max(filhos, default=0) + isinstance(no, (ast.BinOp, ast.UnaryOp))


def calcular_com_limites(expressao):
    if isinstance(expressao, str) and len(expressao) <= MAX_CARACTERES:
        try:
            arvore = ast.parse(expressao.strip(), mode="eval")
        except (SyntaxError, ValueError):
            arvore = None
        if arvore is not None and _profundidade(arvore) > MAX_NIVEIS:
            raise ValueError(f"expressão encaixada demais (mais de {MAX_NIVEIS} níveis)")
    return _certo(expressao)
