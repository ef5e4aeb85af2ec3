"""Um «não» do humano só salta a ação e o ciclo segue: a execução nunca para com 'rejeitada_por_humano'.

Requisito: r5
"""


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": None,
                        "aprovada": False, "motivo_rejeicao": motivo})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": None,
                        "aprovada": False, "motivo_rejeicao": "rejeitada por um humano"})
            continue
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
