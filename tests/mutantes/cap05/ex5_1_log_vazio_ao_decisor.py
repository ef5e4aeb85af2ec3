"""Chama o decisor só com o pedido e um log vazio: o decisor nunca vê os passos anteriores.

Requisito: r4
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    return _correr_certo(pedido, lambda p, log: decidir(p, []), ferramentas, max_steps, timeout_segundos,
                         relogio)
