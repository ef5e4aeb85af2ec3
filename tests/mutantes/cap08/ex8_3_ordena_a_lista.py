"""Ordena a lista de quem chamou com .sort() em vez de criar uma cópia ordenada.

Requisito: r5
"""


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("entrada inválida")
    valores.sort()
    return valores[max(-(-p * len(valores) // 100), 1) - 1]
