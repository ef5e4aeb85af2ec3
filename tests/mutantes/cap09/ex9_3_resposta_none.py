"""No fim dos passos devolve também "resposta": None, em vez de não trazer a chave.

Requisito: r13
"""

_correr_certo = correr_agente  # o decisor resolve-se aqui, na chamada (como na solução)


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    r = _correr_certo(pedido, max_steps, timeout_segundos, decidir or decidir_proximo_passo, relogio)
    if r.get("motivo") == "max_steps atingido":
        r["resposta"] = None
    return r
