"""Tira da janela todas as mensagens tool, e não só as do início: as chamadas que ficam deixam de ter resposta e a lista deixa de ser válida.

Requisito: r6
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
    janela = [m for m in resto[len(resto) - manter:] if m["role"] != "tool"]
    return cabeca + janela
