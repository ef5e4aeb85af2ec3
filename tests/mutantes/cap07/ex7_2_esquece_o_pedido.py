"""Guarda as mensagens system e as últimas 'manter', mas perde o pedido original do utilizador.

Requisito: r1
"""


def aparar_historico(mensagens, manter=6):
    sistema = [m for m in mensagens if m["role"] == "system"]
    resto = [m for m in mensagens if m["role"] != "system"]
    if len(resto) <= manter + 1:
        return list(mensagens)
    janela = resto[len(resto) - manter:]
    while janela and janela[0]["role"] == "tool":
        janela = janela[1:]
    return sistema + janela
