"""Soma os prefixos com math.fsum, que devolve um float, em vez de um int.

Requisito: r4
"""

import math


def tokens_de_entrada_totais(base, acrescimos):
    prefixos = [base]
    for acrescimo in acrescimos:
        prefixos.append(prefixos[-1] + acrescimo)
    return math.fsum(prefixos)
