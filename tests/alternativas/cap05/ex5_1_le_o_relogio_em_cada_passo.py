"""Lê o relógio várias vezes por passo (para o limite e para guardar no log quanto tempo já passou,
numa chave a mais): só o início é lido uma única vez."""


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    inicio = relogio()
    log = []
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        resultado = argumentos["texto"] if nome == "responder_final" else ferramentas[nome](**argumentos)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": resultado,
                    "aprovada": True, "segundos": relogio() - inicio})
        if nome == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
