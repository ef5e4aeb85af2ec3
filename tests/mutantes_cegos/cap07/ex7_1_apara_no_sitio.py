"""Apaga os passos antigos da própria lista (del historico[:-mantidos]) e devolve uma cópia do que sobrou.

Requisito: r6
"""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError("mantidos não pode ser negativo")
    if mantidos == 0:
        return []
    del historico[:-mantidos]
    return list(historico)
