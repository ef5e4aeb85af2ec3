"""Confere o orçamento da próxima chamada antes de ver se os passos acabaram, e diz «orcamento» onde devia dizer «max_steps atingido».

Requisito: r6
"""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    log, gastos, numero = [], 0, 0
    while True:
        custo = contar_tokens(pedido, log)
        if gastos + custo > orcamento_tokens:
            return {"concluido": False, "motivo": "orcamento", "log": log}
        numero += 1
        if numero > max_steps:
            return {"concluido": False, "motivo": "max_steps atingido", "log": log}
        gastos += custo
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True, "tokens": custo})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True, "tokens": custo})
