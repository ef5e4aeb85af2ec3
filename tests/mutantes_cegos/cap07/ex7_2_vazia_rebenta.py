"""Procura o fim das mensagens system sem ver se a lista acabou, e uma lista vazia dá IndexError em vez de [].

Requisito: r11
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while mensagens[corte]["role"] in ("system", "developer"):
        corte += 1
    for i in range(corte, len(mensagens)):
        if mensagens[i]["role"] == "user":
            corte = i + 1
            break
    cabeca, resto = list(mensagens[:corte]), list(mensagens[corte:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = resto[len(resto) - manter:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
