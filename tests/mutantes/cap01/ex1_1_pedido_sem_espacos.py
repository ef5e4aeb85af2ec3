"""Passa ao decisor o pedido limpo (strip), não o pedido que recebeu. Só um pedido com espaços à
volta o mostra.

Requisito: r2
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido.strip(), decidir, ferramentas, max_passos)
