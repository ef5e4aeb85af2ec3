"""Esquece o «a contar de 1»: devolve ordenados[posto] em vez de ordenados[posto - 1].

Requisito: r1
"""


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("não há valores ou p está fora de ]0, 100]")
    return sorted(valores)[min(-(-p * len(valores) // 100), len(valores) - 1)]
