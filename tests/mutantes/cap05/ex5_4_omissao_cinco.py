"""Põe max_steps=5 por omissão (como no 5.1), e não os 10 do enunciado.

Requisito: r7
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=5):
    return _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps)
