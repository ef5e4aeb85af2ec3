"""Põe a entrada do resumo no fim da lista, depois dos passos recentes, e não à frente.

Requisito: r2
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    return recentes + [{"ferramenta": "resumo", "resultado": resumir(antigos)}]
