"""Usa manter=5 por omissão (o mantidos do 7.1) em vez de 6.

Requisito: r9
"""

_certo = globals()["aparar_historico"]


def aparar_historico(mensagens, manter=5):
    return _certo(mensagens, manter)
