"""Procura a repetição nas chamadas já feitas antes de juntar a nova, e deixa a chamada correr max_repeticoes + 1 vezes.

Requisito: r1
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
        chave = (nome, json.dumps(argumentos, sort_keys=True))
        if contagem.get(chave, 0) > max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
        contagem[chave] = contagem.get(chave, 0) + 1
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
