"""Conta as voltas com «while voltas <= max_voltas»: faz max_voltas + 1 chamadas ao modelo antes de parar.

Requisito: r7
"""
# ruff: noqa: F821

_certo = responder_com_ferramentas


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    return _certo(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas + 1)
