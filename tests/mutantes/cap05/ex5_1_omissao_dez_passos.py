"""Põe max_steps=10 por omissão (como no 5.3), e não os 5 do enunciado.

Requisito: r11
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=10, timeout_segundos=10, relogio=time.monotonic):
    return _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
