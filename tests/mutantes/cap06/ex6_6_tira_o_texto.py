"""Tira o texto dos argumentos do responder_final com pop(): o plano de quem chamou fica sem ele.

Requisito: r9
"""

_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _certo(plano, ferramentas, allowlist)
    if r.get("concluido"):
        r["log"][-1]["argumentos"].pop("texto")
    return r
