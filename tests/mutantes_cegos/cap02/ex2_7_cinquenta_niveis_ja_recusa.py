"""Compara a profundidade com >= em vez de >: 50 operações encaixadas já são recusadas.

Requisito: r3
"""
# ruff: noqa: F821

import ast

_certo = calcular_com_limites


def _profundidade(arvore):
    maior, pilha = 0, [(arvore.body, 0)]
    while pilha:
        no, nivel = pilha.pop()
        nivel += isinstance(no, (ast.BinOp, ast.UnaryOp))
        maior = max(maior, nivel)
        pilha.extend((filho, nivel) for filho in ast.iter_child_nodes(no))
    return maior


def calcular_com_limites(expressao):
    if isinstance(expressao, str) and len(expressao) <= MAX_CARACTERES:
        try:
            arvore = ast.parse(expressao.strip(), mode="eval")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            arvore = None
        if arvore is not None and _profundidade(arvore) >= MAX_NIVEIS:
            raise ValueError(f"expressão encaixada demais ({MAX_NIVEIS} níveis ou mais)")
    return _certo(expressao)
