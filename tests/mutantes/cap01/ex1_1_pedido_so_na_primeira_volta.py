"""Passa o pedido ao decisor só na primeira volta, como se ele se lembrasse dele depois.

Requisito: r2
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for volta in range(max_passos):
        decisao = decidir(pedido if volta == 0 else "", historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
