"""Acumula os acréscimos na própria lista que recebe (somas prefixas no sítio) antes de somar.

Requisito: r5
"""


def tokens_de_entrada_totais(base, acrescimos):
    for i in range(1, len(acrescimos)):
        acrescimos[i] += acrescimos[i - 1]
    return base + sum(base + acumulado for acumulado in acrescimos)
