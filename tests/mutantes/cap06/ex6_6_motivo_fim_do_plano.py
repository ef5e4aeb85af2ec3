"""Um plano sem responder_final acaba com o motivo «fim do plano» («não houve max_steps nenhum»),
e não "max_steps atingido".

Requisito: r8
"""

_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _certo(plano, ferramentas, allowlist)
    return {**r, "motivo": "fim do plano"} if r.get("motivo") == "max_steps atingido" else r
