"""Volta a ler o início do tempo no fim de cada passo, e o limite passa a contar o tempo de um passo, não o da execução inteira.

Requisito: r1
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
        inicio = relogio()  # o próximo passo tem os seus timeout_segundos
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
