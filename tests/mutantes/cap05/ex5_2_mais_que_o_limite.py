"""Erro de um: exige mais de `limite` aparições em vez de `limite` ou mais.

Requisito: r1
"""

import json
from collections import Counter


def detectar_repeticao(chamadas, limite=2):
    contagem = Counter((nome, json.dumps(argumentos, sort_keys=True)) for nome, argumentos in chamadas)
    return any(n > limite for n in contagem.values())
