"""Tira os repetidos da lista dos antigos («não resumir o mesmo passo duas vezes»): passos iguais
em posições diferentes são passos diferentes, e o resumo perde-os.

Requisito: r3
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos = []
    for passo in historico[:corte]:
        if passo not in antigos:
            antigos.append(passo)
    recentes = list(historico[corte:])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
