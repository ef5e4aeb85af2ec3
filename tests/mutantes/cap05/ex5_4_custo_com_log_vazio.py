"""Pergunta o custo sempre com o log vazio: o prompt que cresce passo a passo nunca é contado.

Requisito: r2
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    return _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, lambda p, log: contar_tokens(p, []),
                         max_steps)
