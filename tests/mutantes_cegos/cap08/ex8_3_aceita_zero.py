"""Aceita p = 0 (confere 0 <= p <= 100) e devolve o menor valor, em vez de lançar ValueError.

Requisito: r3
"""

import math
from fractions import Fraction


def percentil(valores, p):
    if not valores:
        raise ValueError("não há valores: o percentil de uma lista vazia não existe")
    if not 0 <= p <= 100:
        raise ValueError(f"p tem de estar em [0, 100]; recebi {p!r}")
    ordenados = sorted(valores)
    posto = math.ceil(Fraction(str(p)) * len(ordenados) / 100)
    return ordenados[max(posto, 1) - 1]
