"""Para «não deixar órfãs», tira também o assistente com tool_calls do fim da janela… e deixa as respostas dele sozinhas.

Requisito: r6
"""


def aparar_historico(mensagens, manter=6):
    corte = 0
    while corte < len(mensagens) and mensagens[corte]["role"] != "user":
        corte += 1
    cabeca, resto = list(mensagens[:corte + 1]), list(mensagens[corte + 1:])
    if len(resto) <= manter:
        return cabeca + resto
    janela = [m for m in resto[len(resto) - manter:] if not m.get("tool_calls")]
    return cabeca + janela
