"""Compara o orçamento com o custo de cada chamada sozinha, sem somar o que já gastou.

Requisito: r1
"""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    log = []
    for numero in range(1, max_steps + 1):
        if contar_tokens(pedido, log) > orcamento_tokens:
            return {"concluido": False, "motivo": "orcamento", "log": log}
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramentas[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
