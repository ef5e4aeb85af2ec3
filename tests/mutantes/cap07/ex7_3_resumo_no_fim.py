"""Põe a entrada de resumo no fim, depois dos passos recentes (o modelo lê-a como o passo mais novo).

Requisito: r2
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    return recentes + [{"ferramenta": "resumo", "resultado": resumir(antigos)}]
