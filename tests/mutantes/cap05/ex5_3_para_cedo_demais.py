"""Erro de um: recusa a chamada logo que ela apareceria max_repeticoes vezes (não max_repeticoes + 1).

Requisito: r1
"""

_correr_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    return _correr_certo(pedido, decidir, ferramentas, max_steps, max_repeticoes - 1)
