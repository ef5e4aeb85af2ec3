"""Ao esgotar os passos, vê o relógio mais uma vez e diz «timeout» se o tempo também passou, em vez de «max_steps atingido».

Requisito: r8
"""

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
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    motivo = "timeout" if relogio() - inicio > timeout_segundos else "max_steps atingido"
    return {"concluido": False, "motivo": motivo, "log": log}
