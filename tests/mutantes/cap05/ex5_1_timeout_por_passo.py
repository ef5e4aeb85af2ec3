"""Mede o tempo de cada passo em vez do tempo total: reinicia o início em cada volta.

Requisito: r1, r2, r8
"""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    log = []
    for numero in range(1, max_steps + 1):
        inicio = relogio()
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        resultado = ferramentas[d["ferramenta"]](**d["argumentos"])
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": resultado, "aprovada": True})
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
