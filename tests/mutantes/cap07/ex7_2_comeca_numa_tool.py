"""Corta as últimas 'manter' mensagens sem olhar para o papel: a janela pode começar numa mensagem tool órfã.

Requisito: r4
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    if len(resto) <= manter:
        return cabeca + resto
    return cabeca + resto[len(resto) - manter:]
