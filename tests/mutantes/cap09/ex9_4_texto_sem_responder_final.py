"""Quando o modelo responde em texto, devolve uma decisão sem ferramenta em vez de responder_final.

Requisito: r9
"""

_decisor_certo = decisor_openai


def decisor_openai(cliente, modelo, esquemas):
    certo = _decisor_certo(cliente, modelo, esquemas)

    def decidir(pedido, historico):
        decisao = certo(pedido, historico)
        if decisao["ferramenta"] == "responder_final":
            return {"ferramenta": None, "argumentos": {"texto": decisao["argumentos"]["texto"]}}
        return decisao

    return decidir
