"""Chama consultar_catalogo para ver se o produto existe mesmo antes de decidir consultá-lo: o
decisor já executou uma ferramenta.

Requisito: r6
"""

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    if decisao is not None and decisao[0] == "consultar_catalogo" and consultar_catalogo(**decisao[1]) == {}:
        return None
    return decisao
