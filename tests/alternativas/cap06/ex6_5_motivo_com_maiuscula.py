"""Escreve o motivo com «Contaminado» em maiúscula no início e guarda as fontes já lidas num conjunto."""


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    log, lidas = [], set()
    for numero in range(1, max_steps + 1):
        d = decidir(pedido, log)
        nome, args = d["ferramenta"], d["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": args,
                        "resultado": args["texto"], "aprovada": True})
            return {"concluido": True, "resposta": args["texto"], "log": log}
        if lidas and nome in ferramentas_de_saida:
            log.append({"passo": numero, "ferramenta": nome, "argumentos": args, "resultado": None,
                        "aprovada": False, "motivo_rejeicao": f"Contaminado por {sorted(lidas)}: {nome} recusada"})
            continue
        resultado = ferramentas[nome](**args)
        if nome in fontes_nao_confiaveis:
            lidas.add(nome)
        log.append({"passo": numero, "ferramenta": nome, "argumentos": args, "resultado": resultado,
                    "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
