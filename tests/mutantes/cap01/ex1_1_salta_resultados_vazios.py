"""Não regista a volta cuja ferramenta devolveu None («não há nada a observar»): o histórico perde
observações, e o decisor deixa de as ver. Só um resultado None o mostra.

Requisito: r6, r7
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**argumentos)
        if resultado is not None:
            historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
