"""Faz cada chamada enviar a base mais só o último acréscimo, e não a soma de todos os acréscimos até ali.

Requisito: r2
"""


def tokens_de_entrada_totais(base, acrescimos):
    total = base
    for acrescimo in acrescimos:
        total += base + acrescimo
    return total
