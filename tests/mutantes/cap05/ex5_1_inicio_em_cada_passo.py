"""Lê o início outra vez em cada passo, antes de ver o tempo: o tempo decorrido nunca passa de zero.

Requisito: r1
"""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    log = []
    for numero in range(1, max_steps + 1):
        inicio = relogio()
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramentas[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
