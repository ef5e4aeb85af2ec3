"""Arredonda o custo total a seis casas decimais antes de o devolver.

Requisito: r6
"""

_certo = globals()["custo_da_execucao"]


def custo_da_execucao(usos, precos):
    return round(_certo(usos, precos), 6)
