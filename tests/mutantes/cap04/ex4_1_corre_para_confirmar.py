"""Corre a ferramenta «só para confirmar» que o produto existe antes de devolver a decisão.

Requisito: r6
"""

_decidir_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _decidir_certo(pedido)
    if decisao is not None:
        FERRAMENTAS[decisao[0]](**decisao[1])
    return decisao
