"""Para com "acao_rejeitada" mas não deixa o passo rejeitado no log.

Requisito: r7
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    r = _correr_certo(pedido, max_steps, timeout_segundos, decidir or decidir_proximo_passo, relogio)
    if r.get("motivo") == "acao_rejeitada":
        r["log"].pop()
    return r
