"""Quando o json.dumps não consegue escrever o resultado, devolve o próprio resultado (um set, bytes) em vez de um texto.

Requisito: r1
"""

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    vindos = []

    def registar(funcao):
        return lambda **argumentos: vindos.append(funcao(**argumentos)) or vindos[-1]

    texto = _certo(nome, argumentos_json, {n: registar(f) for n, f in ferramentas.items()})
    try:
        json.dumps(vindos[0] if vindos else None)
    except TypeError:
        return vindos[0]
    return texto
