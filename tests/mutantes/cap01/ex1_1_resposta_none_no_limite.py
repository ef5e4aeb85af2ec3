"""No limite devolve também "resposta": None, em vez de não trazer a chave.

Requisito: r9
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    r = _certo(pedido, decidir, ferramentas, max_passos)
    r.setdefault("resposta", None)
    return r
