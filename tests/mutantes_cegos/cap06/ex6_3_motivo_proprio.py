"""Faz a validação à mão e regista a recusa com um motivo seu («ação não permitida»), e não com o motivo que o validar_acao dá.

Requisito: r2
"""


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": numero, "ferramenta": nome, "argumentos": argumentos}
        if nome not in allowlist or not isinstance(argumentos, dict):
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "ação não permitida"})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "recusada por um humano"})
            return {"concluido": False, "motivo": "rejeitada_por_humano", "log": log}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
