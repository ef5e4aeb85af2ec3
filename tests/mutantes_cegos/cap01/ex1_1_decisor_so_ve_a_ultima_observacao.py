"""Para poupar contexto, o decisor só recebe a última observação (historico[-1:]), não o histórico.

Requisito: r7
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, lambda p, historico: decidir(p, historico[-1:]), ferramentas, max_passos)
