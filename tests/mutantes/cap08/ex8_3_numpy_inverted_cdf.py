"""Usa o numpy com method="inverted_cdf", que também calcula o posto em vírgula flutuante (p=7, n=100 → 8.º).

Requisito: r4
"""

import numpy as np


def percentil(valores, p):
    if not valores or not 0 < p <= 100:
        raise ValueError("entrada inválida")
    return np.percentile(valores, p, method="inverted_cdf").item()
