"""Põe um limite por omissão mais folgado, max_passos=20 («para o agente não ficar a meio»), e não
5 como diz a assinatura.

Requisito: r1
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=20):
    return _certo(pedido, decidir, ferramentas, max_passos)
