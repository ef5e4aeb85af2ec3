"""Usa o atalho historico[-mantidos:], que com mantidos=0 devolve a lista toda em vez de [].

Requisito: r3
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return list(historico[-mantidos:])
