"""Uma execução que conclui leva também "motivo": None, «para ter sempre as mesmas chaves».

Requisito: r13
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    r = _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    if r["concluido"]:
        r["motivo"] = None
    return r
