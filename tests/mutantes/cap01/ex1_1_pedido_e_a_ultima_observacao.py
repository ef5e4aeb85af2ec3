"""Depois da primeira volta passa ao decisor a última observação no lugar do pedido («responde ao
que acabou de ver»), em vez de decidir(pedido, historico).

Requisito: r2
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    def decidir_com_a_ultima(p, historico):
        return decidir(historico[-1]["resultado"] if historico else p, historico)

    return _certo(pedido, decidir_com_a_ultima, ferramentas, max_passos)
