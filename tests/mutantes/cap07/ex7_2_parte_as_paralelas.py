"""Tira só uma mensagem tool do início da janela: com respostas paralelas, as outras ficam órfãs.

Requisito: r5
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = resto[len(resto) - manter:]
    if janela and janela[0]["role"] == "tool":
        janela = janela[1:]
    return cabeca + janela
