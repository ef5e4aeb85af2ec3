"""Quando o histórico já cabe, devolve a própria lista que recebeu em vez de uma lista nova.

Requisito: r5
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    if mantidos == 0:
        return []
    if len(historico) <= mantidos:
        return historico
    return historico[-mantidos:]
