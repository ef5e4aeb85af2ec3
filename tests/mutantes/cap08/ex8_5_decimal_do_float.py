"""Converte com Decimal(x), sem o str(): o Decimal fica com o valor binário exato do float, e o erro
de 0.001 // 0.0002 volta.

Requisito: r2
"""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return int(Decimal(orcamento_por_pedido) // Decimal(custo_por_passo))
