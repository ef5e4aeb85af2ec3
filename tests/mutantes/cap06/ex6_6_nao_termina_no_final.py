"""Guarda a resposta do responder_final mas continua a correr o resto do plano.

Requisito: r7
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
    log, resposta = [], None
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            resposta = argumentos["texto"]
            log.append({"passo": numero, **decisao, "resultado": resposta, "aprovada": True})
            continue
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    if resposta is not None:
        return {"concluido": True, "resposta": resposta, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
