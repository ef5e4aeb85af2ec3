"""Compara as chamadas com repr(): a ordem das chaves passa a contar.

Requisito: r2
"""


def correr_sem_repeticoes(pedido, decidir, ferramenta, max_steps=10, max_repeticoes=2):
    log, vistas = [], []
    for numero in range(1, max_steps + 1):
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        chave = repr((d["ferramenta"], d["argumentos"]))
        if vistas.count(chave) >= max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
        vistas.append(chave)
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": ferramenta[d["ferramenta"]](**d["argumentos"]), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
