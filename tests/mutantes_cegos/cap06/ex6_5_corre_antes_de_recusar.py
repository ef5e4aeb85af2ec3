"""Corre a ferramenta antes de ver se o contexto está contaminado, e só depois a regista como recusada: a ferramenta de saída chega a correr.

Requisito: r2
"""


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    log = []
    contaminado = False
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        resultado = ferramentas[nome](**argumentos)
        if contaminado and nome in ferramentas_de_saida:
            log.append({**passo, "resultado": None, "aprovada": False,
                        "motivo_rejeicao": f"contexto contaminado: {nome} recusada"})
            continue
        log.append({**passo, "resultado": resultado, "aprovada": True})
        if nome in fontes_nao_confiaveis:
            contaminado = True
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
