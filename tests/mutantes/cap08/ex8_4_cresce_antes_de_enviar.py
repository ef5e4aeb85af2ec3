"""Acrescenta o crescimento antes de enviar: a chamada k já leva acrescimos[k-1].

Requisito: r2
"""


def tokens_de_entrada_totais(base, acrescimos):
    total, enviado = 0, base
    for acrescimo in acrescimos + [0]:
        enviado += acrescimo
        total += enviado
    return total
