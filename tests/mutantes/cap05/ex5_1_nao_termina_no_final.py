"""Guarda a resposta do responder_final mas não termina: o ciclo continua a pedir decisões.

Requisito: r5
"""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio, log, resposta = relogio(), [], None
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            resposta = d["argumentos"]["texto"]
            resultado = resposta
        else:
            resultado = ferramentas[d["ferramenta"]](**d["argumentos"])
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": resultado, "aprovada": True})
    if resposta is not None:
        return {"concluido": True, "resposta": resposta, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
