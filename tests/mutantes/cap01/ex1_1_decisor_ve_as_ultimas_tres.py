"""Passa ao decisor só as últimas três observações, «para o prompt não crescer». Só uma execução
com mais de três voltas o mostra.

Requisito: r7
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, lambda p, historico: decidir(p, historico[-3:]), ferramentas, max_passos)
