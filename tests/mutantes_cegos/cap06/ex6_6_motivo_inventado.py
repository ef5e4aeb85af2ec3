"""Um plano que acaba sem responder_final termina com um motivo inventado («plano sem resposta») em vez de «max_steps atingido».

Requisito: r8
"""

_certo = globals()["executar_plano"]


def executar_plano(plano, ferramentas, allowlist):
    resultado = _certo(plano, ferramentas, allowlist)
    if resultado.get("motivo") == "max_steps atingido":
        resultado["motivo"] = "plano sem resposta"
    return resultado
