"""Quando para por repetição, junta uma "resposta" com o último resultado, como se tivesse concluído.

Requisito: r5
"""

_correr_certo = correr_sem_repeticoes


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    r = _correr_certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
    if not r["concluido"]:
        r["resposta"] = r["log"][-1]["resultado"] if r["log"] else ""
    return r
