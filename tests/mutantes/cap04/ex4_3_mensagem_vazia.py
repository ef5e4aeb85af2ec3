"""Na abstenção devolve só None em tudo, sem dizer ao utilizador que nenhuma ferramenta serve.

Requisito: r1, r3
"""


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    decisao = decidir(pedido)
    if decisao is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None, "mensagem": None}
    nome, argumentos = decisao
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
