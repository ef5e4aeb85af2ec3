"""Corta a janela com resto[-manter:]: com manter=0 isso é o resto todo, não uma janela vazia.

Requisito: r10
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = resto[-manter:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
