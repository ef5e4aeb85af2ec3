"""Erro de um no max_steps: dá max_steps + 1 passos antes de parar.

Requisito: r9
"""

_correr_certo = correr_com_aprovacao


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    return _correr_certo(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps + 1)
