"""Quando o modelo responde só com texto, faz um segundo pedido («talvez à segunda use uma ferramenta»).

Requisito: r1
"""
# ruff: noqa: F821

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    decisao = _certo(pedido, cliente, modelo)
    return _certo(pedido, cliente, modelo) if decisao is None else decisao
