"""Marca o fim com concluido=1 em vez de True (1 == True no Python, mas não é o bool pedido).

Requisito: r3
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": 1, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
