"""Põe limite=3 por omissão («à terceira é que é repetição»), e não o 2 do enunciado.

Requisito: r6
"""

_detectar_certo = detectar_repeticao


def detectar_repeticao(chamadas, limite=3):
    return _detectar_certo(chamadas, limite)
