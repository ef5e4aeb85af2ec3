"""Põe max_repeticoes=3 por omissão, e não o 2 do enunciado.

Requisito: r6
"""

_correr_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=3):
    return _correr_certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
