"""Quando correu bem, põe "Feito." na mensagem em vez de None.

Requisito: r4
"""


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    decisao = decidir(pedido)
    if decisao is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None,
                "mensagem": "Nenhuma ferramenta serve para este pedido."}
    nome, argumentos = decisao
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": "Feito."}
