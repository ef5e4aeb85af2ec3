"""Só devolve True quando a chamada aparece mais do que limite vezes (> em vez de >=).

Requisito: r1
"""

import json


def detectar_repeticao(chamadas, limite=2):
    contagem = {}
    for nome, argumentos in chamadas:
        chave = (nome, json.dumps(argumentos, sort_keys=True, default=repr))
        contagem[chave] = contagem.get(chave, 0) + 1
        if contagem[chave] > limite:
            return True
    return False
