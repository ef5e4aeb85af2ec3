"""Vai buscar o preço ao CATALOGO em vez de usar o que a ferramenta observou.

Requisito: r6
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    if decisao["ferramenta"] == "calcular_total":
        nome = next(n for n in CATALOGO if n in pedido.lower())
        decisao["argumentos"]["preco_unitario"] = CATALOGO[nome]["preco"]
    return decisao
