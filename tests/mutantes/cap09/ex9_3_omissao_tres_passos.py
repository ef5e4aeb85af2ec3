"""Põe max_steps=3 por omissão, e não 5 como diz a assinatura.

Requisito: r14
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=3, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    return _correr_certo(pedido, max_steps, timeout_segundos, decidir or decidir_proximo_passo, relogio)
