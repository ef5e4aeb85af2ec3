"""Junta "responder_final" ao dicionário de ferramentas de quem chamou, para o correr como as outras.

Requisito: r7
"""

_correr_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    ferramentas.setdefault("responder_final", lambda texto: texto)  # altera o dicionário que recebeu
    return _correr_certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
