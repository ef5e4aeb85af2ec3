"""Mede o tempo com uma função interna e regista os passos com uma função auxiliar."""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    arranque = relogio()

    def esgotado():
        return relogio() - arranque > timeout_segundos

    log = []

    def registar(nome, argumentos, resultado):
        log.append({"passo": len(log) + 1, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": resultado, "aprovada": True})

    while len(log) < max_steps:
        if esgotado():
            return {"concluido": False, "motivo": "timeout", "log": log}
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            registar("responder_final", d["argumentos"], d["argumentos"]["texto"])
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        registar(d["ferramenta"], d["argumentos"], ferramentas[d["ferramenta"]](**d["argumentos"]))
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
