"""Chama o decisor uma segunda vez para ir buscar os argumentos: com um modelo, paga dois pedidos.

Requisito: r2
"""


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    if decidir(pedido) is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None,
                "mensagem": "Nenhuma ferramenta serve para este pedido."}
    nome, argumentos = decidir(pedido)
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
