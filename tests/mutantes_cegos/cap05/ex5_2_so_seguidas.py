"""Só conta repetições seguidas: uma chamada igual com outra pelo meio volta a contar do zero.

Requisito: r2
"""

import json


def detectar_repeticao(chamadas, limite=2):
    anterior, seguidas = None, 0
    for nome, argumentos in chamadas:
        chave = (nome, json.dumps(argumentos, sort_keys=True, default=repr))
        seguidas = seguidas + 1 if chave == anterior else 1
        anterior = chave
        if seguidas >= limite:
            return True
    return False
