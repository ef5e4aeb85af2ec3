"""Ao responder devolve só a resposta e o histórico, sem a chave "concluido" («se há resposta,
concluiu»).

Requisito: r3
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    r = _certo(pedido, decidir, ferramentas, max_passos)
    if r["concluido"]:
        del r["concluido"]
    return r
