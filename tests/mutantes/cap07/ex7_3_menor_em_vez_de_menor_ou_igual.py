"""Só salta o resumo quando há MENOS passos do que mantidos: com tantos passos como mantidos, resume uma lista vazia.

Requisito: r9
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    if len(historico) < mantidos:
        return list(historico)
    corte = len(historico) - mantidos
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
