"""Tira os passos antigos da lista recebida com pop(0) e só depois devolve uma cópia.

Requisito: r6
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    while len(historico) > mantidos:
        historico.pop(0)
    return list(historico)
