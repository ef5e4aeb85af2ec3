"""Erra o corte por um: deixa só mantidos − 1 passos recentes e manda o outro para o resumo.

Requisito: r1
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = min(max(len(historico) - mantidos + 1, 0), len(historico))
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
