"""O limite por omissão é 10 voltas, não 5 (o enunciado diz max_passos=5).

Requisito: r1
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=10):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
