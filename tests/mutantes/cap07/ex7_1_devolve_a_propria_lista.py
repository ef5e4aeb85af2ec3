"""Quando o histórico já cabe, devolve a própria lista recebida (e não uma lista nova).

Requisito: r5
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    if len(historico) <= mantidos:
        return historico
    if mantidos == 0:
        return []
    return list(historico[-mantidos:])
