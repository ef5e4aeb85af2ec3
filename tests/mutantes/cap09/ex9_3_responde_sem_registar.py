"""Quando a decisão é responder_final, corre-a e termina sem a deixar no log.

Requisito: r10
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    r = _correr_certo(pedido, max_steps, timeout_segundos, decidir or decidir_proximo_passo, relogio)
    if r.get("concluido"):
        r["log"].pop()
    return r
