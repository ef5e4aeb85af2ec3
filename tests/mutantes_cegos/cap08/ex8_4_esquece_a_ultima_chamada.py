"""Soma uma chamada por acréscimo e esquece a última, a que vem depois do último acréscimo: len(acrescimos) chamadas em vez de len(acrescimos) + 1.

Requisito: r1
"""


def tokens_de_entrada_totais(base, acrescimos):
    total, enviado = 0, base
    for acrescimo in acrescimos:
        total += enviado
        enviado += acrescimo
    return total
