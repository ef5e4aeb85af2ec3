"""Mede o tempo com time.time() em vez do relógio recebido: os relógios falsos não contam.

Requisito: r10, r11
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.time):
    return _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, time.time)
