"""Tira os recentes com historico[-mantidos:], que com mantidos=0 é o histórico todo: nenhum passo fica antigo.

Requisito: r8
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    recentes = list(historico[-mantidos:])
    antigos = list(historico[:len(historico) - len(recentes)])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
