"""Só conhece o - unário: "+3" (o + unário, ast.UAdd) é recusado com ValueError.

Requisito: r1
"""
# ruff: noqa: F821

import ast

_certo = calcular


def calcular(expressao):
    if isinstance(expressao, str):
        try:
            arvore = ast.parse(expressao.strip(), mode="eval")
        except SyntaxError:
            arvore = None
        if arvore and any(isinstance(no, ast.UAdd) for no in ast.walk(arvore)):
            raise ValueError("não é permitido na expressão: UAdd")
    return _certo(expressao)
