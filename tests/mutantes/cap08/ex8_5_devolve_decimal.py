"""Faz a conta em Decimal mas devolve o Decimal, sem o passar a int.

Requisito: r3
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return Decimal(str(orcamento_por_pedido)) // Decimal(str(custo_por_passo))
