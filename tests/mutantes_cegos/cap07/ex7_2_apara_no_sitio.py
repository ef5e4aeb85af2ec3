"""Apara a própria lista que recebe (apaga o meio e as órfãs com del) e devolve uma cópia dela.

Requisito: r7
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] in ("system", "developer"):
        corte += 1
    for i in range(corte, len(mensagens)):
        if mensagens[i]["role"] == "user":
            corte = i + 1
            break
    if len(mensagens) - corte > manter:
        del mensagens[corte:len(mensagens) - manter]
        while corte < len(mensagens) and mensagens[corte]["role"] == "tool":
            del mensagens[corte]
    return list(mensagens)
