"""Garante sempre pelo menos um passo (max(1, n)), mesmo quando nem um cabe no orçamento.

Requisito: r4
"""

from decimal import Decimal


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return max(1, int(Decimal(str(orcamento_por_pedido)) // Decimal(str(custo_por_passo))))
