"""Só conta como passo o que correu: as recusas não gastam max_steps e um decisor teimoso nunca para.

Requisito: r7
"""


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    log, contaminado, feitos = [], False, 0
    for _ in range(100):  # um travão de segurança, mas não o max_steps
        if feitos >= max_steps:
            break
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        passo = {"passo": len(log) + 1, "ferramenta": nome, "argumentos": argumentos}
        if nome == "responder_final":
            log.append({**passo, "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        if contaminado and nome in ferramentas_de_saida:
            log.append({**passo, "resultado": None, "aprovada": False, "motivo_rejeicao": "contaminado"})
            continue
        feitos += 1
        log.append({**passo, "resultado": ferramentas[nome](**argumentos), "aprovada": True})
        if nome in fontes_nao_confiaveis:
            contaminado = True
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
