"""Corre a chamada e só depois vê que é a repetição a mais: a decisão que devia ser recusada chega a ser executada.

Requisito: r3
"""

import json


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    log, contagem = [], {}
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
        chave = (nome, json.dumps(argumentos, sort_keys=True))
        contagem[chave] = contagem.get(chave, 0) + 1
        if contagem[chave] > max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
