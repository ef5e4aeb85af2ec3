"""Quando o resto já cabe, devolve a própria lista que recebeu em vez de uma cópia.

Requisito: r2
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] in ("system", "developer"):
        corte += 1
    for i in range(corte, len(mensagens)):
        if mensagens[i]["role"] == "user":
            corte = i + 1
            break
    if len(mensagens) - corte <= manter:
        return mensagens
    janela = mensagens[len(mensagens) - manter:]
    while janela and janela[0]["role"] == "tool":
        janela.pop(0)
    return mensagens[:corte] + janela
