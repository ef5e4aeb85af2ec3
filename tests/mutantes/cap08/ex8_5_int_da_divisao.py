"""Trunca a divisão em vírgula flutuante: 0.3 / 0.1 dá 2.9999999999999996 e int disso é 2.

Requisito: r2
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return int(orcamento_por_pedido / custo_por_passo)
