"""Pergunta duas vezes e só aceita a decisão se as duas respostas concordarem («para ter a
certeza»): dois pedidos por decisão.

Requisito: r1
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    primeira, segunda = _certo(pedido, cliente, modelo), _certo(pedido, cliente, modelo)
    return primeira if primeira == segunda else None
