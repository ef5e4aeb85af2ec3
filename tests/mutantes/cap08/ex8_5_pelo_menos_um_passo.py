"""Garante «pelo menos um passo» com max(1, ...): quando nem um passo cabe, o pior caso já passa do orçamento.

Requisito: r4
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return max(1, int(Decimal(str(orcamento_por_pedido)) // Decimal(str(custo_por_passo))))
