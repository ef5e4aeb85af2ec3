"""Chama resumir duas vezes (uma para ver se há resumo, outra para o guardar): duas chamadas ao modelo.

Requisito: r4
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos or not resumir(antigos):
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
