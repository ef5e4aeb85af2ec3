"""Ordena a lista de chamadas que recebeu (chamadas.sort) para as iguais ficarem juntas.

Requisito: r7
"""

import json


def detectar_repeticao(chamadas, limite=2):
    chamadas.sort(key=lambda c: (c[0], json.dumps(c[1], sort_keys=True, default=repr)))
    seguidas, anterior = 0, None
    for nome, argumentos in chamadas:
        chave = (nome, json.dumps(argumentos, sort_keys=True, default=repr))
        seguidas = seguidas + 1 if chave == anterior else 1
        anterior = chave
        if seguidas >= limite:
            return True
    return False
