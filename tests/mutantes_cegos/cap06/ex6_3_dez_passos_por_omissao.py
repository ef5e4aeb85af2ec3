"""Usa max_steps=10 por omissão em vez de 5.

Requisito: r10
"""

_certo = globals()["correr_com_aprovacao"]


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=10):
    return _certo(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps)
