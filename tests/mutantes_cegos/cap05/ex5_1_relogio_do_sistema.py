"""Mede o tempo com time.monotonic() diretamente e ignora o relógio que recebe.

Requisito: r10
"""

import time


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio = time.monotonic()
    log = []
    for numero in range(1, max_steps + 1):
        if time.monotonic() - inicio > timeout_segundos:
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
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
