"""Tira os passos do plano à medida que os corre (plano.pop(0)): quem chamou fica com a lista vazia.

Requisito: r9
"""


def executar_plano(plano, ferramentas, allowlist):
    recusados = []
    for numero, decisao in enumerate(plano, start=1):
        aprovada, motivo = validar_acao(decisao["ferramenta"], decisao["argumentos"], allowlist)
        if not aprovada:
            recusados.append({"passo": numero, **decisao, "resultado": None, "aprovada": False,
                              "motivo_rejeicao": motivo})
    if recusados:
        return {"concluido": False, "motivo": "acao_rejeitada", "log": recusados}
    log = []
    while plano:
        decisao = plano.pop(0)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": len(log) + 1, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": len(log) + 1, **decisao, "resultado": ferramentas[nome](**argumentos),
                    "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
