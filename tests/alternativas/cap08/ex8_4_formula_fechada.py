"""Soma os prefixos com itertools.accumulate em vez de um ciclo com acumulador."""

from itertools import accumulate as _acumular


def tokens_de_entrada_totais(base, acrescimos):
    return sum(_acumular([base, *acrescimos]))
