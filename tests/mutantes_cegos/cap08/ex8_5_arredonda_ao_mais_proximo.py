"""Arredonda a divisão ao inteiro mais próximo (round) em vez de para baixo, e dá um passo que já não cabe no orçamento.

Requisito: r1
"""

from decimal import Decimal


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return round(Decimal(str(orcamento_por_pedido)) / Decimal(str(custo_por_passo)))
