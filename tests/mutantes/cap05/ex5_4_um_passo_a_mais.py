"""Erro de um no max_steps: com orçamento de sobra, dá max_steps + 1 passos.

Requisito: r5
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    return _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps + 1)
