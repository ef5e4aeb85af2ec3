"""Erro de um a menos: o ciclo dá max_passos - 1 voltas.

Requisito: r8, r10
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos - 1):
        decisao = decidir(pedido, historico)
        if decisao["ferramenta"] == "responder_final":
            return {"concluido": True, "resposta": decisao["argumentos"]["texto"], "historico": historico}
        resultado = ferramentas[decisao["ferramenta"]](**decisao["argumentos"])
        historico.append({"ferramenta": decisao["ferramenta"], "argumentos": decisao["argumentos"],
                          "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
