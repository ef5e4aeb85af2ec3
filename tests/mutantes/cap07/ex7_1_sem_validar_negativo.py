"""Esquece o ValueError: com mantidos=-1, historico[1:] devolve tudo menos o primeiro passo.

Requisito: r4
"""


def historico_recente(historico, mantidos=5):
    return list(historico[-mantidos:]) if mantidos else []
