"""Arredonda o custo a 4 casas, quando o enunciado pede o valor sem arredondar.

Requisito: r6
"""

_custo_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return round(_custo_certo(usos, precos), 4)
