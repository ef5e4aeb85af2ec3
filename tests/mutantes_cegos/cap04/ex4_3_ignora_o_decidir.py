"""Chama sempre decidir_ferramenta_e_argumentos, mesmo quando recebe outro decidir.

Requisito: r5
"""
# ruff: noqa: F821

_certo = agente_simples


def agente_simples(pedido, decidir=None):
    return _certo(pedido)
