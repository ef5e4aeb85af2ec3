"""Chama o decisor duas vezes (uma para ver se é None, outra para usar): com um modelo, paga duas.

Requisito: r1, r2
"""


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    if decidir(pedido) is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None,
                "mensagem": "Nenhuma ferramenta serve para este pedido."}
    nome, argumentos = decidir(pedido)
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
