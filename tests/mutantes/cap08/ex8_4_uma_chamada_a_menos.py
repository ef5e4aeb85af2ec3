"""Faz len(acrescimos) chamadas em vez de len(acrescimos) + 1.

Requisito: r1
"""


def tokens_de_entrada_totais(base, acrescimos):
    return sum(base + sum(acrescimos[:k]) for k in range(len(acrescimos)))
