"""Corta a janela com as últimas manter mensagens sem tirar as mensagens tool que ficaram órfãs no início.

Requisito: r4
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] in ("system", "developer"):
        corte += 1
    for i in range(corte, len(mensagens)):
        if mensagens[i]["role"] == "user":
            corte = i + 1
            break
    cabeca, resto = list(mensagens[:corte]), list(mensagens[corte:])
    if len(resto) <= manter:
        return cabeca + resto
    return cabeca + resto[len(resto) - manter:]
