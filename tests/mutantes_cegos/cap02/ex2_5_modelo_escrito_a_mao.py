"""Escreve o nome do modelo à mão (model="gpt-4o-mini") em vez de usar o argumento modelo.

Requisito: r1
"""
# ruff: noqa: F821

_certo = responder_com_ferramentas


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    return _certo(cliente, pergunta, ferramentas, esquemas, "gpt-4o-mini", max_voltas)
