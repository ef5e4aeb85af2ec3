"""Normaliza os valores para texto antes de comparar: 5 e "5" passam a ser a mesma chamada.

Requisito: r3, r4
"""

import json


def detectar_repeticao(chamadas, limite=2):
    contagem = {}
    for nome, argumentos in chamadas:
        chave = (nome, json.dumps({k: str(v) for k, v in argumentos.items()}, sort_keys=True))
        contagem[chave] = contagem.get(chave, 0) + 1
    return any(n >= limite for n in contagem.values())
