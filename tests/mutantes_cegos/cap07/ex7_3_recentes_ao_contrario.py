"""Junta os passos recentes a andar do fim para o início e esquece-se de os voltar a pôr por ordem.

Requisito: r1
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    recentes = []
    for passo in reversed(historico):
        if len(recentes) == mantidos:
            break
        recentes.append(passo)
    antigos = list(historico[:len(historico) - len(recentes)])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
