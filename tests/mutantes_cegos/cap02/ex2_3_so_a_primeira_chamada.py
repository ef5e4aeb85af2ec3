"""Lê só a primeira chamada (tool_calls[0]): as chamadas em paralelo que vêm a seguir perdem-se.

Requisito: r1
"""
# ruff: noqa: F821

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    return _certo(mensagem)[:1]
