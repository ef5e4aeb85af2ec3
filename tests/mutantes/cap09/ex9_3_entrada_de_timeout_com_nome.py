"""Regista a entrada de timeout com ferramenta "timeout" (como se fosse uma ferramenta) em vez de None.

Requisito: r4
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    r = _correr_certo(pedido, max_steps, timeout_segundos, decidir or decidir_proximo_passo, relogio)
    if r.get("motivo") == "timeout" and r["log"] and r["log"][-1]["ferramenta"] is None:
        r["log"][-1]["ferramenta"] = "timeout"
    return r
