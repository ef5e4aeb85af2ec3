"""Regista o resultado da ferramenta convertido em texto JSON (como se fosse para o modelo), em vez do que a ferramenta devolveu.

Requisito: r6
"""

import json
import time


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio = relogio()
    log = []
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            texto = argumentos["texto"]
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": texto, "aprovada": True})
            return {"concluido": True, "resposta": texto, "log": log}
        resultado = json.dumps(ferramentas[nome](**argumentos), ensure_ascii=False)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
