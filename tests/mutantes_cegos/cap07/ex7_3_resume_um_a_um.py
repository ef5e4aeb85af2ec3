"""Chama resumir uma vez por passo antigo e junta os resumos, em vez de uma só chamada com a lista toda.

Requisito: r4
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    resumo = "; ".join(str(resumir([passo])) for passo in antigos)
    return [{"ferramenta": "resumo", "resultado": resumo}] + recentes
