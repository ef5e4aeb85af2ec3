"""Usa max_steps=10 por omissão em vez de 5.

Requisito: r14
"""

import time

_certo = globals()["correr_agente"]


def correr_agente(pedido, max_steps=10, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    return _certo(pedido, max_steps, timeout_segundos, decidir, relogio)
