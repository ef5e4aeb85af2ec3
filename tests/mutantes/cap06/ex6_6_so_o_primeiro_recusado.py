"""Valida o plano todo antes de correr, mas para no primeiro passo recusado: os outros erros ficam por dizer.

Requisito: r3
"""


def executar_plano(plano, ferramentas, allowlist):
    for numero, decisao in enumerate(plano, start=1):
        aprovada, motivo = validar_acao(decisao["ferramenta"], decisao["argumentos"], allowlist)
        if not aprovada:
            return {"concluido": False, "motivo": "acao_rejeitada",
                    "log": [{"passo": numero, **decisao, "resultado": None, "aprovada": False,
                             "motivo_rejeicao": motivo}]}
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
