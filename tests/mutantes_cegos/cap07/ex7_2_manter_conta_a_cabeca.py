"""Conta a cabeça dentro das manter mensagens (manter seria o total), e a janela fica com menos mensagens do que devia.

Requisito: r3
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
    cabem = max(manter - len(cabeca), 0)
    janela = resto[len(resto) - cabem:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return cabeca + janela
