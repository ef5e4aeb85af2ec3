"""Consome a lista de acréscimos com pop(0) num while: quem chamou fica com ela vazia.

Requisito: r5
"""


def tokens_de_entrada_totais(base, acrescimos):
    total = enviado = base
    while acrescimos:
        enviado += acrescimos.pop(0)
        total += enviado
    return total
