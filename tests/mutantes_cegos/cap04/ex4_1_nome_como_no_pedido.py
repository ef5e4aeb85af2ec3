"""Devolve o nome do produto como está escrito no pedido ("Rato sem Fios"), não como está no catálogo.

Requisito: r1
"""
# ruff: noqa: F821

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    if decisao is not None and decisao[0] == "consultar_catalogo":
        nome = decisao[1]["nome_produto"]
        inicio = pedido.lower().find(nome)
        return "consultar_catalogo", {"nome_produto": pedido[inicio:inicio + len(nome)]}
    return decisao
