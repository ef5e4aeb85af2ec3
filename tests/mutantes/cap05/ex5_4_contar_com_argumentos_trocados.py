"""Chama contar_tokens(log, pedido), com os argumentos pela ordem errada: o custo já não é o do
pedido com o log atual.

Requisito: r2
"""

_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    return _certo(pedido, decidir, ferramentas, orcamento_tokens, lambda p, log: contar_tokens(log, p), max_steps)
