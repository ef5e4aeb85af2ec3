"""Mede o custo de uma chamada uma vez, antes do ciclo, e usa-o em todas, esquecendo que o prompt cresce com o log.

Requisito: r2
"""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    log, gastos = [], 0
    custo = contar_tokens(pedido, log)
    for numero in range(1, max_steps + 1):
        if gastos + custo > orcamento_tokens:
            return {"concluido": False, "motivo": "orcamento", "log": log}
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
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
