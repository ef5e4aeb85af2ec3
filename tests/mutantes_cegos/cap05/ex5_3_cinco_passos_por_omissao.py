"""Copia a assinatura do 5.1 e fica com max_steps=5 por omissão em vez de 10.

Requisito: r6
"""

_certo = globals()["correr_sem_repeticoes"]


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=5, max_repeticoes=2):
    return _certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
