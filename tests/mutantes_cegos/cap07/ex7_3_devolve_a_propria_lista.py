"""Quando não há passos antigos, devolve a própria lista que recebeu em vez de uma cópia.

Requisito: r6
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    if corte == 0:
        return historico
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
