"""Valida o plano todo primeiro, mas depois corre os passos aprovados e só então devolve «acao_rejeitada» com os recusados.

Requisito: r2
"""

_validar_acao = globals()["validar_acao"]  # o do 6.1, já definido no caderno


def executar_plano(plano, ferramentas, allowlist):
    recusados, aprovados = [], []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = _validar_acao(nome, argumentos, allowlist)
        if aprovada:
            aprovados.append((numero, decisao))
        else:
            recusados.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                              "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
    log = []
    for numero, decisao in aprovados:
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            if recusados:
                break
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    if recusados:
        return {"concluido": False, "motivo": "acao_rejeitada", "log": recusados}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
