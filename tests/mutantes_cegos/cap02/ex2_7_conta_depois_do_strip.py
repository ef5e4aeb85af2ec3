"""Conta os caracteres depois do strip(): 1 001 caracteres com espaços à volta ainda se calculam.

Requisito: r2
"""
# ruff: noqa: F821

_certo = calcular_com_limites


def calcular_com_limites(expressao):
    if isinstance(expressao, str) and len(expressao.strip()) <= MAX_CARACTERES < len(expressao):
        return _certo(expressao.strip())
    return _certo(expressao)
