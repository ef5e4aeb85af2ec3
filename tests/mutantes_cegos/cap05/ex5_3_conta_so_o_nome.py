"""Conta as repetições pelo nome da ferramenta, sem olhar para os argumentos.

Requisito: r2
"""


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    log, contagem = [], {}
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        if contagem.get(nome, 0) + 1 > max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
        contagem[nome] = contagem.get(nome, 0) + 1
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
