"""Usa // com floats: 0.001 // 0.0002 dá 4.0 (e devolve sempre um float).

Requisito: r2, r3
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return orcamento_por_pedido // custo_por_passo
