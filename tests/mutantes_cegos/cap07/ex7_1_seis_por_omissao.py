"""Usa mantidos=6 por omissão (o manter do 7.2) em vez de 5.

Requisito: r7
"""

_certo = globals()["historico_recente"]


def historico_recente(historico, mantidos=6):
    return _certo(historico, mantidos)
