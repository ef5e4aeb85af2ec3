"""Consulta o produto com o nome escrito como vem no pedido (com as maiúsculas de quem escreveu), e
não tal como está no catálogo.

Requisito: r2
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    if decisao["ferramenta"] == "consultar_catalogo":
        nome = decisao["argumentos"]["nome_produto"]
        inicio = pedido.lower().index(nome)
        decisao["argumentos"]["nome_produto"] = pedido[inicio:inicio + len(nome)]
    return decisao
