"""Calcula o posto com p / 100 * n em vírgula flutuante: 7/100*100 dá 7.000000000000001 e o teto salta para 8.

Requisito: r4
"""


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("entrada inválida")
    ordenados = sorted(valores)
    return ordenados[max(math.ceil(p / 100 * len(ordenados)), 1) - 1]
