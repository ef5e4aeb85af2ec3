"""Chama o decisor e só depois soma o custo e verifica o orçamento: a chamada a mais já foi paga.

Requisito: r3, r5, r6
"""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    log, gastos = [], 0
    for numero in range(1, max_steps + 1):
        custo = contar_tokens(pedido, log)
        d = decidir(pedido, log)
        gastos += custo
        if gastos > orcamento_tokens:
            return {"concluido": False, "motivo": "orcamento", "log": log}
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramentas[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
    return {"concluido": False, "motivo": "orcamento", "log": log}
