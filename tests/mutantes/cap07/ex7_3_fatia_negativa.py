"""Separa com historico[-mantidos:]: com mantidos=0 os passos recentes são… todos, e ficam repetidos.

Requisito: r8
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    recentes = list(historico[-mantidos:])
    antigos = list(historico[:len(historico) - mantidos])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
