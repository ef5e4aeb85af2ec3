"""Ordena a própria lista que recebe com valores.sort().

Requisito: r5
"""

import math
from fractions import Fraction


def percentil(valores, p):
    if not valores:
        raise ValueError("não há valores: o percentil de uma lista vazia não existe")
    if not 0 < p <= 100:
        raise ValueError(f"p tem de estar em ]0, 100]; recebi {p!r}")
    valores.sort()
    posto = math.ceil(Fraction(str(p)) * len(valores) / 100)
    return valores[max(posto, 1) - 1]
