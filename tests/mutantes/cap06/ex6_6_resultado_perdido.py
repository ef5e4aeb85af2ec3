"""Corre os passos mas regista None como resultado de cada ferramenta.

Requisito: r5
"""

_executar_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _executar_certo(plano, ferramentas, allowlist)
    for passo in r["log"]:
        if passo["aprovada"] and passo["ferramenta"] != "responder_final":
            passo["resultado"] = None
    return r
