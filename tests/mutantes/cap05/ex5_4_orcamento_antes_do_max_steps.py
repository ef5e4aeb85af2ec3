"""Num while, conta o custo da chamada seguinte antes de ver se os passos acabaram: no fim diz "orcamento".

Requisito: r6
"""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    log, gastos = [], 0
    while True:
        custo = contar_tokens(pedido, log)
        if gastos + custo > orcamento_tokens:
            return {"concluido": False, "motivo": "orcamento", "log": log}
        if len(log) >= max_steps:
            return {"concluido": False, "motivo": "max_steps atingido", "log": log}
        gastos += custo
        d = decidir(pedido, log)
        numero = len(log) + 1
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramentas[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
