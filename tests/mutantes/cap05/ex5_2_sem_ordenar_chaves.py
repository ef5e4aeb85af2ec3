"""Compara os argumentos com str(), que depende da ordem das chaves.

Requisito: r3
"""


def detectar_repeticao(chamadas, limite=2):
    vistas = [(nome, str(argumentos)) for nome, argumentos in chamadas]
    return any(vistas.count(v) >= limite for v in vistas)
