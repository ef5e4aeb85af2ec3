"""Corta a partir de len(historico) - mantidos, que fica negativo quando há menos passos do que mantidos e perde os primeiros.

Requisito: r2
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    if mantidos == 0:
        return []
    return list(historico[len(historico) - mantidos:])
