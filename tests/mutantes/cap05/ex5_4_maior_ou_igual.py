"""Usa >= em vez de >: chegar exatamente ao orçamento já é recusado.

Requisito: r4
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    # com tokens inteiros, «total >= orçamento» é o mesmo que «total > orçamento - 1»
    return _correr_certo(pedido, decidir, ferramentas, orcamento_tokens - 1, contar_tokens, max_steps)
