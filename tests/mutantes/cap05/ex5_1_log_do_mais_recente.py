"""Passa ao decisor o log do passo mais recente para o mais antigo («o que importa vem primeiro»), em vez do próprio log.

Requisito: r4
"""

import time

_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    return _certo(pedido, lambda p, log: decidir(p, log[::-1]), ferramentas, max_steps, timeout_segundos, relogio)
