"""No limite, devolve uma «resposta» inventada em vez de dizer só que não concluiu.

Requisito: r9
"""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _ in range(max_passos):
        decisao = decidir(pedido, historico)
        if decisao["ferramenta"] == "responder_final":
            return {"concluido": True, "resposta": decisao["argumentos"]["texto"], "historico": historico}
        resultado = ferramentas[decisao["ferramenta"]](**decisao["argumentos"])
        historico.append({"ferramenta": decisao["ferramenta"], "argumentos": decisao["argumentos"],
                          "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico,
            "resposta": "Não consegui terminar, mas o mais provável é que esteja feito."}
