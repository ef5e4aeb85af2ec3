"""Passa ao decisor só a última observação (historico[-1:]), como se ele se lembrasse das outras.

Requisito: r7
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, lambda p, historico: decidir(p, historico[-1:]), ferramentas, max_passos)
