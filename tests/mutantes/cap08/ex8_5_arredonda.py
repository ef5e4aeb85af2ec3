"""Arredonda ao inteiro mais próximo: 0.0014 / 0.0003 ≈ 4.67 vira 5, e o pior caso passa do orçamento.

Requisito: r1
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return round(orcamento_por_pedido / custo_por_passo)
