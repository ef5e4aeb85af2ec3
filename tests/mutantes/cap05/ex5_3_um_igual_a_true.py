"""Guarda as chamadas num conjunto de tuplos ordenados: como 1 == True em Python, ler(id=1) e ler(id=True) contam juntas.

Requisito: r2
"""


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    log, vistas = [], []
    for numero in range(1, max_steps + 1):
        d = decidir(pedido, log)
        nome, argumentos = d["ferramenta"], d["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        chave = (nome, tuple(sorted(argumentos.items())))
        if vistas.count(chave) >= max_repeticoes:
            return {"concluido": False, "motivo": "repeticao", "log": log}
        vistas.append(chave)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
