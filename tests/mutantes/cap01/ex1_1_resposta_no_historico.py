"""A resposta final também é acrescentada ao histórico, como se fosse uma ação.

Requisito: r4
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        if decisao["ferramenta"] == "responder_final":
            historico.append({"ferramenta": "responder_final", "argumentos": decisao["argumentos"],
                              "resultado": decisao["argumentos"]["texto"]})
            return {"concluido": True, "resposta": decisao["argumentos"]["texto"], "historico": historico}
        resultado = ferramentas[decisao["ferramenta"]](**decisao["argumentos"])
        historico.append({"ferramenta": decisao["ferramenta"], "argumentos": decisao["argumentos"],
                          "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
