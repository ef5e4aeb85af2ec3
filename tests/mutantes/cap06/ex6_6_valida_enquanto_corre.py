"""Valida cada passo só quando lhe chega a vez: os passos válidos antes do inválido já correram.

Requisito: r1, r3
"""


def executar_plano(plano, ferramentas, allowlist):
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({"passo": numero, **decisao, "resultado": None, "aprovada": False,
                        "motivo_rejeicao": motivo})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
