"""Sem chamadas, devolve None (não há custo a dizer) em vez de 0.

Requisito: r7
"""

_certo = globals()["custo_da_execucao"]


def custo_da_execucao(usos, precos):
    if not usos:
        return None
    return _certo(usos, precos)
