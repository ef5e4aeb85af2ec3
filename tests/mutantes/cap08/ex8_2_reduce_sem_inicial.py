"""Soma os custos com functools.reduce sem valor inicial: sem chamadas rebenta com TypeError.

Requisito: r7
"""

import functools as _functools
import operator as _operator

_custo_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return _functools.reduce(_operator.add, [_custo_certo([uso], precos) for uso in usos])
