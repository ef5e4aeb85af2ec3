"""Chama sempre o decisor de palavras-chave, ignorando o argumento decidir.

Requisito: r5
"""


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    decisao = decidir_ferramenta_e_argumentos(pedido)
    if decisao is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None,
                "mensagem": "Nenhuma ferramenta serve para este pedido."}
    nome, argumentos = decisao
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
