"""Executa a chamada repetida e só depois repara que repetiu: o email sai uma vez a mais.

Requisito: r3
"""


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    log, chamadas = [], []
    for numero in range(1, max_steps + 1):
        d = decidir(pedido, log)
        if d["ferramenta"] == "responder_final":
            log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                        "resultado": d["argumentos"]["texto"], "aprovada": True})
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "log": log}
        resultado = ferramentas[d["ferramenta"]](**d["argumentos"])
        log.append({"passo": numero, "ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                    "resultado": resultado, "aprovada": True})
        chamadas.append((d["ferramenta"], d["argumentos"]))
        if detectar_repeticao(chamadas, limite=max_repeticoes + 1):
            return {"concluido": False, "motivo": "repeticao", "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
