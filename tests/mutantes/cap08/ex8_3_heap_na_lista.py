"""Usa heapq.heapify(valores) para chegar depressa ao k-ésimo menor: o heapify reorganiza a lista
de quem chamou.

Requisito: r5
"""

import heapq


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("não há valores ou p está fora de ]0, 100]")
    heapq.heapify(valores)
    return heapq.nsmallest(-(-p * len(valores) // 100), valores)[-1]
