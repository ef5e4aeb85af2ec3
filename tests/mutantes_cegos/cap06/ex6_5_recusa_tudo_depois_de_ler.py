"""Com o contexto contaminado, recusa todas as ferramentas (menos o responder_final), também as que não são de saída.

Requisito: r5
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
        if contaminado:
            log.append({**passo, "resultado": None, "aprovada": False,
                        "motivo_rejeicao": f"contexto contaminado: {nome} recusada"})
            continue
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
        if nome in fontes_nao_confiaveis:
            contaminado = True
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
