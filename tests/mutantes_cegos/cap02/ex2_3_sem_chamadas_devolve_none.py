"""Quando tool_calls é None devolve None em vez de uma lista vazia.

Requisito: r3
"""
# ruff: noqa: F821

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    if mensagem.tool_calls is None:
        return None
    return _certo(mensagem)
