"""Calcula o posto em vírgula flutuante, math.ceil(p / 100 * n), que para p = 7 e n = 100 dá 8.

Requisito: r4
"""

import math


def percentil(valores, p):
    if not valores:
        raise ValueError("não há valores: o percentil de uma lista vazia não existe")
    if not 0 < p <= 100:
        raise ValueError(f"p tem de estar em ]0, 100]; recebi {p!r}")
    ordenados = sorted(valores)
    posto = math.ceil(p / 100 * len(ordenados))
    return ordenados[max(posto, 1) - 1]
