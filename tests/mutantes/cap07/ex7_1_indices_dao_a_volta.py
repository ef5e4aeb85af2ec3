"""Percorre os índices de len(historico) − mantidos até ao fim: com menos passos do que mantidos, os índices negativos dão a volta (ou saem da lista).

Requisito: r2
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return [historico[i] for i in range(len(historico) - mantidos, len(historico))]
