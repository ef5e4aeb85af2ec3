"""Copia a assinatura do 5.1 e fica com max_steps=5 por omissão, e não os 10 do enunciado.

Requisito: r6
"""

_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=5, max_repeticoes=2):
    return _certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
