"""Atribui em vez de somar (total = ... em vez de total += ...): fica só o custo da última chamada.

Requisito: r5
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        total = _certo([uso], precos)
    return total
