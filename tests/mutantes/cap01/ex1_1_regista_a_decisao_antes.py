"""Acrescenta cada decisão ao histórico logo que a recebe e só depois vê se é a final: a resposta
final fica no histórico (sem resultado).

Requisito: r4
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        passo = dict(decidir(pedido, historico))
        historico.append(passo)
        if passo["ferramenta"] == "responder_final":
            return {"concluido": True, "resposta": passo["argumentos"]["texto"], "historico": historico}
        passo["resultado"] = ferramentas[passo["ferramenta"]](**passo["argumentos"])
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
