"""Passa ao decisor um histórico à moda do capítulo 1 ({ferramenta, argumentos, resultado}), guardado ao lado do log, em vez do próprio log.

Requisito: r4
"""

import time


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio = relogio()
    log, historico = [], []
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            texto = argumentos["texto"]
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": texto, "aprovada": True})
            return {"concluido": True, "resposta": texto, "log": log}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
