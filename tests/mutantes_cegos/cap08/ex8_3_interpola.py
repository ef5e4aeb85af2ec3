"""Interpola entre os dois valores vizinhos (o método linear do numpy), e o resultado pode não ser um dos valores.

Requisito: r2
"""


def percentil(valores, p):
    if not valores:
        raise ValueError("não há valores: o percentil de uma lista vazia não existe")
    if not 0 < p <= 100:
        raise ValueError(f"p tem de estar em ]0, 100]; recebi {p!r}")
    ordenados = sorted(valores)
    posicao = (len(ordenados) - 1) * p / 100
    abaixo = int(posicao)
    acima = min(abaixo + 1, len(ordenados) - 1)
    return ordenados[abaixo] + (ordenados[acima] - ordenados[abaixo]) * (posicao - abaixo)
