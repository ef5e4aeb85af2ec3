"""Compara os argumentos com ==, que em Python dá 1 == True: {"n": 1} e {"n": True} contam como a mesma chamada.

Requisito: r4
"""


def detectar_repeticao(chamadas, limite=2):
    for nome, argumentos in chamadas:
        iguais = sum(1 for outro_nome, outros in chamadas if outro_nome == nome and outros == argumentos)
        if iguais >= limite:
            return True
    return False
