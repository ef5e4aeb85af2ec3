"""Arredonda o posto para baixo (int em vez de teto) e devolve valores abaixo do percentil.

Requisito: r1
"""


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("entrada inválida")
    ordenados = sorted(valores)
    return ordenados[max(p * len(ordenados) // 100, 1) - 1]
