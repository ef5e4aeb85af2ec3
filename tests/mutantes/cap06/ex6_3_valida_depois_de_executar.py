"""Valida depois de executar: a ação proibida já correu quando a validação a «recusa».

Requisito: r2, r5
"""


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            resultado = argumentos["texto"]
        elif nome in ferramentas and isinstance(argumentos, dict):
            resultado = ferramentas[nome](**argumentos)
        else:
            resultado = None
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": resultado,
                        "aprovada": False, "motivo_rejeicao": motivo})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": resultado,
                        "aprovada": False, "motivo_rejeicao": "rejeitada por um humano"})
            return {"concluido": False, "motivo": "rejeitada_por_humano", "log": log}
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": resultado,
                    "aprovada": True})
        if nome == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
