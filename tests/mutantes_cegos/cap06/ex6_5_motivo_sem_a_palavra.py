"""Recusa a ferramenta de saída com um motivo que não tem a palavra «contaminado» («conteúdo não fiável»).

Requisito: r3
"""


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    log = []
    leu_fonte = False
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        if leu_fonte and nome in ferramentas_de_saida:
            log.append({**passo, "resultado": None, "aprovada": False,
                        "motivo_rejeicao": f"{nome} bloqueada: o agente leu conteúdo não fiável"})
            continue
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
        if nome in fontes_nao_confiaveis:
            leu_fonte = True
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
