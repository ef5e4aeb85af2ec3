"""Valida o plano todo, mas ainda corre os passos válidos que vêm antes do primeiro recusado.

Requisito: r1
"""


def executar_plano(plano, ferramentas, allowlist):
    recusados = []
    for numero, decisao in enumerate(plano, start=1):
        aprovada, motivo = validar_acao(decisao["ferramenta"], decisao["argumentos"], allowlist)
        if not aprovada:
            recusados.append({"passo": numero, **decisao, "resultado": None, "aprovada": False,
                              "motivo_rejeicao": motivo})
    if recusados:
        for decisao in plano[:recusados[0]["passo"] - 1]:  # «o que era válido já podia ir andando»
            if decisao["ferramenta"] != "responder_final":
                ferramentas[decisao["ferramenta"]](**decisao["argumentos"])
        return {"concluido": False, "motivo": "acao_rejeitada", "log": recusados}
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
