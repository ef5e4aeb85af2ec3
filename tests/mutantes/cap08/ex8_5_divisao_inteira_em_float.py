"""Usa // com floats: 0.0015 // 0.0003 dá 4.0 (e devolve um float)."""


def max_steps_para_orcamento(orcamento_por_pedido, custo_por_passo):
    return orcamento_por_pedido // custo_por_passo
