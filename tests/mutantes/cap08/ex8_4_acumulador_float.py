"""Começa o acumulador em 0.0: a conta está certa, mas o total sai float e não int.

Requisito: r4
"""


def tokens_de_entrada_totais(base, acrescimos):
    total, enviado = 0.0, base
    total += enviado
    for acrescimo in acrescimos:
        enviado += acrescimo
        total += enviado
    return total
