"""Devolve os tokens enviados na última chamada (o tamanho final do prompt), e não o total de toda a execução.

Requisito: r3
"""


def tokens_de_entrada_totais(base, acrescimos):
    enviado = base
    for acrescimo in acrescimos:
        enviado += acrescimo
    return enviado
