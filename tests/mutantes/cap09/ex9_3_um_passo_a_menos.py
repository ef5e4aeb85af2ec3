"""Conta os passos como range(1, max_steps): dá um passo a menos do que max_steps.

Requisito: r12
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    return _correr_certo(pedido, max(max_steps - 1, 0), timeout_segundos, decidir or decidir_proximo_passo, relogio)
