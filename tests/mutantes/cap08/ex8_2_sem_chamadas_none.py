"""Sem chamadas devolve None («não houve custo nenhum»), em vez de 0.

Requisito: r7
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return _certo(usos, precos) if usos else None
