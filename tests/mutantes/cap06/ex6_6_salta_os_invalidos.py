"""Salta os passos inválidos e corre o resto do plano, como se um plano parcial fosse aceitável.

Requisito: r2
"""


def executar_plano(plano, ferramentas, allowlist):
    log = []
    for numero, decisao in enumerate(plano, start=1):
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = validar_acao(nome, argumentos, allowlist)
        if not aprovada:
            log.append({"passo": numero, **decisao, "resultado": None, "aprovada": False,
                        "motivo_rejeicao": motivo})
            continue
        if nome == "responder_final":
            log.append({"passo": numero, **decisao, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        log.append({"passo": numero, **decisao, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
