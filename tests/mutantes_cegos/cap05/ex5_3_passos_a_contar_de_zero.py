"""Numera os passos do log a partir de 0 (range(max_steps)), e não a partir de 1 como no 5.1.

Requisito: r4
"""

import json


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    log, contagem = [], {}
    for numero in range(max_steps):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        chave = (nome, json.dumps(argumentos, sort_keys=True))
        if contagem.get(chave, 0) + 1 > max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
        contagem[chave] = contagem.get(chave, 0) + 1
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
