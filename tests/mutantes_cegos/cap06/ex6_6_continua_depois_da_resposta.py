"""Guarda a resposta do responder_final e continua a correr o resto do plano, em vez de terminar logo.

Requisito: r7
"""

_validar_acao = globals()["validar_acao"]  # o do 6.1, já definido no caderno


def executar_plano(plano, ferramentas, allowlist):
    recusados = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = _validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            recusados.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                              "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
    if recusados:
        return {"concluido": False, "motivo": "acao_rejeitada", "log": recusados}
    log, resposta = [], None
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            resposta = argumentos["texto"]
            log.append({"passo": numero, **decisao, "resultado": resposta, "aprovada": True})
        else:
            log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    if resposta is not None:
        return {"concluido": True, "resposta": resposta, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
