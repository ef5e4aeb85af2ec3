"""Sem passos antigos, devolve o próprio histórico recebido em vez de uma cópia.

Requisito: r6
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    if corte == 0:
        return historico
    return [{"ferramenta": "resumo", "resultado": resumir(list(historico[:corte]))}] + list(historico[corte:])
