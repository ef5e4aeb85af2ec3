"""Chama resumir e põe a entrada do resumo mesmo quando não há passos antigos (resume uma lista vazia).

Requisito: r5
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
