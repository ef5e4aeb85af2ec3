"""Põe max_steps=10 por omissão, e não os 5 do enunciado.

Requisito: r10
"""

_correr_certo = correr_com_aprovacao


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=10):
    return _correr_certo(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps)
