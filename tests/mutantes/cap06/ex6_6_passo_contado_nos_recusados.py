"""Numera os passos recusados pela ordem em que foram recusados (1, 2…), e não pela posição no plano.

Requisito: r4
"""

_executar_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _executar_certo(plano, ferramentas, allowlist)
    if r.get("motivo") == "acao_rejeitada":
        for numero, passo in enumerate(r["log"], start=1):
            passo["passo"] = numero
    return r
