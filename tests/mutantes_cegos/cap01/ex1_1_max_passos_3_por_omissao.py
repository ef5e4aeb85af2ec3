"""O valor por omissão de max_passos é 3 em vez de 5.

Requisito: r1
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=3):
    return _certo(pedido, decidir, ferramentas, max_passos)
