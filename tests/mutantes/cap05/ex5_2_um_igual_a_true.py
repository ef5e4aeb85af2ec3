"""Compara os argumentos com tuplos ordenados (recursivos): como 1 == True em Python, {"n": 1} e {"n": True} contam como iguais.

Requisito: r4
"""


def _forma(valor):
    if isinstance(valor, dict):
        return tuple(sorted((k, _forma(v)) for k, v in valor.items()))
    if isinstance(valor, list):
        return tuple(_forma(v) for v in valor)
    return valor


def detectar_repeticao(chamadas, limite=2):
    vistas = [(nome, _forma(argumentos)) for nome, argumentos in chamadas]
    return any(vistas.count(v) >= limite for v in vistas)
