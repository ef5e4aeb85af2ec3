"""Apaga os passos antigos da própria lista recebida (e devolve-a).

Requisito: r5, r6
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    del historico[:max(len(historico) - mantidos, 0)]
    return historico
