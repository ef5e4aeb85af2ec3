"""Na última volta já não aceita a resposta final: trata-a como mais uma ferramenta.

Requisito: r10
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for volta in range(1, max_passos + 1):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final" and volta < max_passos:
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
