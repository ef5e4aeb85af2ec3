"""Lê os preços como preços por mil tokens (divide por 1 000 em vez de 1 000 000).

Requisito: r1
"""

_custo_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return _custo_certo(usos, precos) * 1000
