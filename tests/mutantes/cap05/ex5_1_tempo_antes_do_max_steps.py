"""Depois do último passo ainda vê o tempo: se já passou, diz "timeout" em vez de "max_steps atingido".

Requisito: r8
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    leituras = []

    def medir():
        leituras.append(relogio())
        return leituras[-1]

    r = _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, medir)
    if r.get("motivo") == "max_steps atingido" and relogio() - leituras[0] > timeout_segundos:
        r["motivo"] = "timeout"
    return r
