"""Lê time.monotonic() diretamente em vez do relogio recebido: os relógios falsos deixam de contar.

Requisito: r10
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    return _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, time.monotonic)
