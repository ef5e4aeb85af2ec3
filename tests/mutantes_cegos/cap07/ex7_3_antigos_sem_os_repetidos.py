"""Escolhe os passos antigos como os que «não estão nos recentes», e um passo antigo igual a um recente fica de fora do resumo.

Requisito: r3
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    recentes = list(historico[corte:])
    antigos = [passo for passo in historico if passo not in recentes]
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
