"""Não regista o responder_final como passo (como no capítulo 1, mas aqui o contrato mudou).

Requisito: r5
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    r = _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    if r["concluido"]:
        r["log"].pop()
    return r
