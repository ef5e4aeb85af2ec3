"""Numera os passos recusados pela ordem em que foram recusados (1, 2…), e não pela posição no plano.

Requisito: r4
"""


def executar_plano(plano, ferramentas, allowlist):
    recusados = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            recusados.append({"passo": len(recusados) + 1, "ferramenta": nome, "argumentos": argumentos,
                              "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
    if recusados:
        return {"concluido": False, "motivo": "acao_rejeitada", "log": recusados}
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, **decisao, "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
