"""Só copia quando há corte («para não gastar memória à toa»): sem passos antigos devolve a própria
lista recebida.

Requisito: r6
"""

_certo = resumir_passos_antigos


def resumir_passos_antigos(historico, mantidos, resumir):
    return historico if len(historico) <= mantidos else _certo(historico, mantidos, resumir)
