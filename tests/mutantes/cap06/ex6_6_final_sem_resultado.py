"""Regista o responder_final com resultado None («o texto já vai na resposta»), em vez do texto.

Requisito: r7
"""

_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _certo(plano, ferramentas, allowlist)
    if r.get("concluido"):
        r["log"][-1]["resultado"] = None
    return r
