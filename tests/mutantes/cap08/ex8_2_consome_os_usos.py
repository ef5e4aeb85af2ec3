"""Percorre os usos tirando-os da lista com pop() (while usos: …): quem chamou fica com a lista
vazia.

Requisito: r8
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    total = 0.0
    while usos:
        total += _certo([usos.pop()], precos)
    return total
