"""Valida cada passo logo antes de o correr, e os passos anteriores a um recusado já correram quando para.

Requisito: r1
"""

_validar_acao = globals()["validar_acao"]  # o do 6.1, já definido no caderno


def executar_plano(plano, ferramentas, allowlist):
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = _validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": None, "aprovada": False, "motivo_rejeicao": motivo})
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        resultado = ferramentas[nome](**argumentos)
        log.append({"passo": numero, **decisao, "resultado": resultado, "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
