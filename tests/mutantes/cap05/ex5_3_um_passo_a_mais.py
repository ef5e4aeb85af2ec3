"""Erro de um no max_steps: com chamadas sempre diferentes, dá max_steps + 1 passos.

Requisito: r4
"""

_correr_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    return _correr_certo(pedido, decidir, ferramentas, max_steps + 1, max_repeticoes)
