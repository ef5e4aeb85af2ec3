"""Calcula as somas dos prefixos na própria lista (acrescimos[i] += acrescimos[i - 1]): quem chamou
fica com a lista mudada.

Requisito: r5
"""


def tokens_de_entrada_totais(base, acrescimos):
    for i in range(1, len(acrescimos)):
        acrescimos[i] += acrescimos[i - 1]
    return base * (len(acrescimos) + 1) + sum(acrescimos)
