"""Antes de decidir, confirma que o produto existe chamando consultar_catalogo: corre uma ferramenta.

Requisito: r6
"""
# ruff: noqa: F821

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    if decisao is not None and decisao[0] == "consultar_catalogo":
        if consultar_catalogo(decisao[1]["nome_produto"]) is None:
            return None
    return decisao
