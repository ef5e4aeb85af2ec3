"""Uma ação que o validar_acao recusa fica no log, mas o ciclo segue para a decisão seguinte.

Requisito: r2
"""


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
            continue  # «o modelo que escolha outra coisa»
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "rejeitada"})
            return {"concluido": False, "motivo": "rejeitada_por_humano", "log": log}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
