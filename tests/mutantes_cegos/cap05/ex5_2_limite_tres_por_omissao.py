"""Usa limite=3 por omissão em vez de 2.

Requisito: r6
"""

_certo = globals()["detectar_repeticao"]


def detectar_repeticao(chamadas, limite=3):
    return _certo(chamadas, limite)
