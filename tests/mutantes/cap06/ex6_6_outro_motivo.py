"""Recusa o plano com um motivo próprio («plano_rejeitado») em vez de "acao_rejeitada".

Requisito: r2
"""

_executar_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _executar_certo(plano, ferramentas, allowlist)
    if r.get("motivo") == "acao_rejeitada":
        r["motivo"] = "plano_rejeitado"
    return r
