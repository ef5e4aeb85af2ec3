"""Só compara cada chamada com a seguinte: A, B, A não é apanhado.

Requisito: r2
"""

import json


def detectar_repeticao(chamadas, limite=2):
    chaves = [(nome, json.dumps(argumentos, sort_keys=True)) for nome, argumentos in chamadas]
    if limite <= 1:
        return bool(chaves)
    seguidas = 1
    for anterior, atual in zip(chaves, chaves[1:]):
        seguidas = seguidas + 1 if anterior == atual else 1
        if seguidas >= limite:
            return True
    return False
