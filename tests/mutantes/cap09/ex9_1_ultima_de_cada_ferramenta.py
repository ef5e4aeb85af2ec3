"""Lê o histórico do fim para o princípio («o mais recente é que conta»): com duas consultas aprovadas usa a última, e não a primeira.

Requisito: r10
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    return _decidir_certo(pedido, list(reversed(historico)))
