"""Compara só o nome da ferramenta e ignora os argumentos.

Requisito: r5
"""

from collections import Counter


def detectar_repeticao(chamadas, limite=2):
    return any(n >= limite for n in Counter(nome for nome, _ in chamadas).values())
