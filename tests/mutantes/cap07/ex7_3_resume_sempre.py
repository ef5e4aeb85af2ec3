"""Chama resumir mesmo quando não há nada antigo (paga uma chamada ao modelo para resumir uma lista vazia).

Requisito: r5
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    return [{"ferramenta": "resumo", "resultado": resumir(list(historico[:corte]))}] + list(historico[corte:])
