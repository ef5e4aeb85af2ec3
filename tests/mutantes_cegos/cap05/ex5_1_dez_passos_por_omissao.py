"""Usa max_steps=10 por omissão (o valor do 5.3 e do 5.4) em vez de 5.

Requisito: r11
"""

import time

_certo = globals()["correr_com_limites"]


def correr_com_limites(pedido, decidir, ferramentas, max_steps=10, timeout_segundos=10, relogio=time.monotonic):
    return _certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
