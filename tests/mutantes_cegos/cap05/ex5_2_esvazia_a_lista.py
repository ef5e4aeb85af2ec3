"""Consome a lista de chamadas com pop(0), e quem chamou fica com ela vazia (ou a meio).

Requisito: r7
"""

import json


def detectar_repeticao(chamadas, limite=2):
    contagem = {}
    while chamadas:
        nome, argumentos = chamadas.pop(0)
        chave = (nome, json.dumps(argumentos, sort_keys=True, default=repr))
        contagem[chave] = contagem.get(chave, 0) + 1
        if contagem[chave] >= limite:
            return True
    return False
