"""Devolve os primeiros mantidos passos (historico[:mantidos]) em vez dos últimos.

Requisito: r1
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return list(historico[:mantidos])
