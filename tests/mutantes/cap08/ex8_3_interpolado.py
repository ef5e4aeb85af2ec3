"""Interpola linearmente entre dois valores (o método por omissão do numpy), em vez do posto mais próximo.

Requisito: r2
"""


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("entrada inválida")
    ordenados = sorted(valores)
    posicao = (len(ordenados) - 1) * p / 100
    baixo = int(posicao)
    alto = min(baixo + 1, len(ordenados) - 1)
    return ordenados[baixo] + (ordenados[alto] - ordenados[baixo]) * (posicao - baixo)
