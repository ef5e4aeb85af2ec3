"""Nunca dá mais de 5 voltas, seja qual for o max_passos («por segurança»). Só um max_passos acima
de 5 o mostra.

Requisito: r8, r10
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, decidir, ferramentas, min(max_passos, 5))
