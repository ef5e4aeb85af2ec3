"""Escreve o nome do modelo à mão (model="gpt-4o-mini") em vez de usar o argumento modelo.

Requisito: r2
"""
# ruff: noqa: F821

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    return _certo(pedido, cliente, "gpt-4o-mini")
