"""Faz a conta em vírgula flutuante, int(orcamento // custo), e int(0.001 // 0.0002) é 4 em vez de 5.

Requisito: r2
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return int(orcamento_por_pedido // custo_por_passo)
