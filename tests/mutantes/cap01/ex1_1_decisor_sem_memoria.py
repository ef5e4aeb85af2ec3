"""O decisor recebe sempre um histórico vazio: o agente nunca «observa» o que fez.

Requisito: r7
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, [])
        if decisao["ferramenta"] == "responder_final":
            return {"concluido": True, "resposta": decisao["argumentos"]["texto"], "historico": historico}
        resultado = ferramentas[decisao["ferramenta"]](**decisao["argumentos"])
        historico.append({"ferramenta": decisao["ferramenta"], "argumentos": decisao["argumentos"],
                          "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
