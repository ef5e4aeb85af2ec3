"""Numera as entradas dos passos recusados pela ordem no log (1, 2, …), e não pela posição de cada passo no plano.

Requisito: r4
"""

_validar_acao = globals()["validar_acao"]  # o do 6.1, já definido no caderno


def executar_plano(plano, ferramentas, allowlist):
    recusados = []
    for decisao in plano:
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = _validar_acao(nome, argumentos, allowlist)
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
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
