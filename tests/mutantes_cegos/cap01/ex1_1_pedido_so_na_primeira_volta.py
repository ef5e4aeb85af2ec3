"""Só passa o pedido ao decisor na primeira volta; nas seguintes passa "" (o pedido «já foi visto»).

Requisito: r2
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    def decidir_sem_pedido_depois(p, historico):
        return decidir(p if not historico else "", historico)

    return _certo(pedido, decidir_sem_pedido_depois, ferramentas, max_passos)
