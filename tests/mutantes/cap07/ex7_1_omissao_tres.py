"""Põe mantidos=3 por omissão, e não 5 como diz a assinatura.

Requisito: r7
"""


def historico_recente(historico, mantidos=3):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    if mantidos == 0:
        return []
    return list(historico[-mantidos:])
