"""Usa >= em vez de >: um passo que começa exatamente no limite já não corre.

Requisito: r2
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    # «decorrido >= limite» é o mesmo que «decorrido > limite - ε»
    return _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos - 1e-9, relogio)
