"""Erro de um na fatia: guarda mantidos + 1 passos (historico[-mantidos - 1:]).

Requisito: r1
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return list(historico[-mantidos - 1:]) if mantidos else []
