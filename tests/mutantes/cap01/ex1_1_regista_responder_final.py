"""Junta «responder_final» ao dicionário de ferramentas de quem chama, para tratar tudo igual.

Requisito: r11
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    ferramentas["responder_final"] = lambda texto: texto  # altera o dicionário que recebeu
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        resultado = ferramentas[nome](**argumentos)
        if nome == "responder_final":
            return {"concluido": True, "resposta": resultado, "historico": historico}
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
