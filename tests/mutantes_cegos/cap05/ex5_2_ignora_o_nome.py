"""Compara só os argumentos: duas ferramentas diferentes com os mesmos argumentos contam como a mesma chamada.

Requisito: r5
"""

import json


def detectar_repeticao(chamadas, limite=2):
    contagem = {}
    for _nome, argumentos in chamadas:
        chave = json.dumps(argumentos, sort_keys=True, default=repr)
        contagem[chave] = contagem.get(chave, 0) + 1
        if contagem[chave] >= limite:
            return True
    return False
