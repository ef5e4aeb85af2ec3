"""Tira só uma mensagem tool do início da janela (um if em vez de um while): com respostas paralelas, as outras ficam órfãs.

Requisito: r5
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
    janela = resto[len(resto) - manter:]
    if janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
