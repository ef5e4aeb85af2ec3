"""Devolve o Decimal da divisão inteira sem o converter num int.

Requisito: r3
"""

from decimal import Decimal


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return Decimal(str(orcamento_por_pedido)) // Decimal(str(custo_por_passo))
