"""Separa com historico[-mantidos:] e corta em len(historico) - mantidos: com mantidos=0 os passos
recentes são… todos, e ficam repetidos; com mais 'mantidos' do que passos, o corte negativo manda
passos para o resumo.

Requisito: r8, r9
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    recentes = list(historico[-mantidos:])
    antigos = list(historico[:len(historico) - mantidos])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
