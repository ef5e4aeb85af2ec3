"""Decide se um passo é antigo pela posição que historico.index(passo) lhe dá: com passos iguais,
todos ficam com a posição do primeiro, e os recentes repetidos vão também para o resumo.

Requisito: r3
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos = [passo for passo in historico if historico.index(passo) < corte]
    recentes = list(historico[corte:])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
