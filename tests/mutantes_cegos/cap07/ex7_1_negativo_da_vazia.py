"""Trata um mantidos negativo como zero e devolve [], em vez de lançar ValueError.

Requisito: r4
"""


def historico_recente(historico, mantidos=5):
    if mantidos <= 0:
        return []
    return list(historico[-mantidos:])
