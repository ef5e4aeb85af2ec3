"""Calcula o corte com len(historico) - mantidos sem o limitar a 0: com mantidos maior do que o histórico, o corte fica negativo e resume passos que deviam ficar.

Requisito: r9
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = len(historico) - mantidos
    antigos, recentes = list(historico[:corte]), list(historico[corte:])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
