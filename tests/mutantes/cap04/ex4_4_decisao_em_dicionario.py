"""Devolve a decisão como um dicionário {"nome": …, "argumentos": …} (o formato do 2.3), e não como
o tuplo (nome, argumentos) do 4.1.

Requisito: r6
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    decisao = _certo(pedido, cliente, modelo)
    return None if decisao is None else {"nome": decisao[0], "argumentos": decisao[1]}
