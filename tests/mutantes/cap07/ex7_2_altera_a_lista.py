"""Apara a própria lista recebida com del, em vez de construir uma nova.

Requisito: r7, r8
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    corte += 1
    if len(mensagens) - corte > manter:
        del mensagens[corte:len(mensagens) - manter]
        while len(mensagens) > corte and mensagens[corte]["role"] == "tool":
            del mensagens[corte]
    return mensagens
