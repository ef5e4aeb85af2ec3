"""Custo total como número de chamadas × primeiro prompt: esquece que o prompt cresce.

Requisito: r2
"""


def tokens_de_entrada_totais(base, acrescimos):
    return base * (len(acrescimos) + 1)
