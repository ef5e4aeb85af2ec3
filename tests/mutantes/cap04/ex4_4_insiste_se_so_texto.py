"""Quando o modelo responde só com texto, volta a perguntar (até três vezes) à espera de uma
ferramenta: mais de um pedido por decisão, e a abstenção nunca é aceite à primeira.

Requisito: r1
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    for _tentativa in range(3):
        decisao = _certo(pedido, cliente, modelo)
        if decisao is not None:
            return decisao
    return None
