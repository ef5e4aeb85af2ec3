"""Lê "aprovada" como «aprovada por uma pessoa»: as ferramentas que não são irreversíveis correm mas ficam com "aprovada": False.

Requisito: r8
"""

_validar_acao = globals()["validar_acao"]  # o do 6.1, já definido no caderno


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        aprovada, motivo = _validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "recusada por um humano"})
            return {"concluido": False, "motivo": "rejeitada_por_humano", "log": log}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": nome in irreversiveis})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
