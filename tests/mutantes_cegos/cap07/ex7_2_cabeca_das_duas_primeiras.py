"""Toma como cabeça sempre as duas primeiras mensagens (um system e o user), e perde o pedido quando há mais de uma mensagem system.

Requisito: r1
"""


def aparar_historico(mensagens, manter=6):
    cabeca, resto = list(mensagens[:2]), list(mensagens[2:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = resto[len(resto) - manter:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
