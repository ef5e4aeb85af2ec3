"""Regista o responder_final com "resultado": None (o texto só vai para a "resposta").

Requisito: r6
"""

_correr_certo = correr_com_aprovacao


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    r = _correr_certo(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps)
    for passo in r["log"]:
        if passo["ferramenta"] == "responder_final":
            passo["resultado"] = None
    return r
