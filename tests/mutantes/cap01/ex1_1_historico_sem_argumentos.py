"""Regista no histórico só a ferramenta e o resultado, sem os argumentos.

Requisito: r6
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
