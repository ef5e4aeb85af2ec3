"""Tira a janela com resto[-manter:], que com manter=0 é o resto todo e não fica só a cabeça.

Requisito: r10
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
    janela = resto[-manter:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
