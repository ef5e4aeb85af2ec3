"""Esquece o caso em que tudo já cabe: resto[len(resto) - manter:] com um índice negativo corta mensagens que cabiam.

Requisito: r2
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    janela = resto[len(resto) - manter:] if manter else []
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
