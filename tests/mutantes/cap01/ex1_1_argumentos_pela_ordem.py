"""Passa os argumentos pela ordem do dicionário (*argumentos.values()) em vez de pelo nome.

Requisito: r5
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](*argumentos.values())
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
