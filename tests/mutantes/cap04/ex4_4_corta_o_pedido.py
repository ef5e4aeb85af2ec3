"""Corta o pedido aos primeiros 20 caracteres «para poupar tokens»: o modelo já não lê o pedido
inteiro.

Requisito: r3
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    return _certo(pedido[:20], cliente, modelo)
