"""Usa historico[-mantidos:] sem pensar no zero: com mantidos=0 devolve o histórico todo.

Requisito: r3
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return list(historico[-mantidos:])
