"""Só olha para o passo anterior: depois de um passo limpo pelo meio, a ferramenta de saída volta a correr.

Requisito: r1
"""


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        anterior = log[-1]["ferramenta"] if log else None
        if anterior in fontes_nao_confiaveis and nome in ferramentas_de_saida:
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "contexto contaminado"})
            continue
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
