"""Calcula o início da fatia com len(historico) - mantidos sem ver se fica negativo: com menos passos
do que mantidos, o índice negativo conta do fim e corta passos.

Requisito: r2
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    return list(historico[len(historico) - mantidos:])
