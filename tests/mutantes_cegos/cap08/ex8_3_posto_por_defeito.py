"""Arredonda o posto para baixo (divisão inteira) em vez de para cima, e devolve um valor abaixo do percentil.

Requisito: r1
"""

from fractions import Fraction


def percentil(valores, p):
    if not valores:
        raise ValueError("não há valores: o percentil de uma lista vazia não existe")
    if not 0 < p <= 100:
        raise ValueError(f"p tem de estar em ]0, 100]; recebi {p!r}")
    ordenados = sorted(valores)
    posto = Fraction(str(p)) * len(ordenados) // 100
    return ordenados[max(posto, 1) - 1]
