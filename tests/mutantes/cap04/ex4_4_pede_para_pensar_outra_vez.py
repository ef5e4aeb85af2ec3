"""Quando o modelo responde só com texto, manda-lhe a resposta de volta e pede-lhe que pense outra
vez antes de aceitar a abstenção: dois pedidos numa decisão.

Requisito: r1
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    decisao = _certo(pedido, cliente, modelo)
    if decisao is None:
        return _certo(f"{pedido}\n(Pensa outra vez: há alguma ferramenta que sirva?)", cliente, modelo)
    return decisao
