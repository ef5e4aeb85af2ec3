"""Volta a ver o tempo entre a decisão e a ferramenta: uma decisão tomada a tempo fica por correr.

Requisito: r3
"""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio, log = relogio(), []
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        if relogio() - inicio > timeout_segundos:  # «para não correr nada fora de horas»
            return {"concluido": False, "motivo": "timeout", "log": log}
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramentas[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
