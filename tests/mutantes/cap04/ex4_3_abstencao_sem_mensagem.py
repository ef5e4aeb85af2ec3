"""Na abstenção devolve None em tudo, também na mensagem: o utilizador não sabe porquê.

Requisito: r3
"""


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    decisao = decidir(pedido)
    if decisao is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None, "mensagem": None}
    nome, argumentos = decisao
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
