"""Um plano sem responder_final «conclui» com o último resultado como resposta.

Requisito: r8
"""

_executar_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _executar_certo(plano, ferramentas, allowlist)
    if r.get("motivo") == "max_steps atingido":
        return {"concluido": True, "resposta": r["log"][-1]["resultado"] if r["log"] else None, "log": r["log"]}
    return r
