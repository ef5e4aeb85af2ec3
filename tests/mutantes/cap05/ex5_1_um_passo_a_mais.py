"""Erro de um a mais: o ciclo (um «while numero <= max_steps» a contar de 0) dá max_steps + 1 passos.

Requisito: r7
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    return _correr_certo(pedido, decidir, ferramentas, max_steps + 1, timeout_segundos, relogio)
