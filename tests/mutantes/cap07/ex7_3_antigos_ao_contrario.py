"""Passa os antigos a resumir do mais recente para o mais antigo (recolhidos de trás para a frente).

Requisito: r3
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos[::-1])}] + recentes
