"""Erra a conta da janela por um: fica com as últimas manter − 1 mensagens do resto.

Requisito: r3
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = resto[len(resto) - manter + 1:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
