"""Conta só o último prompt (o maior), como se as chamadas anteriores fossem grátis.

Requisito: r3
"""


def tokens_de_entrada_totais(base, acrescimos):
    return base + sum(acrescimos)
