"""Usa max_steps=5 por omissão (o valor do 5.1) em vez de 10.

Requisito: r7
"""

_certo = globals()["correr_com_orcamento"]


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=5):
    return _certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps)
