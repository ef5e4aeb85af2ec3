"""Faz uma nova tentativa automática quando a ação falha: o e-mail sai duas vezes.

Requisito: r5
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    registo[chave] = None
    try:
        resultado = acao()
    except TimeoutError:
        resultado = acao()
    registo[chave] = resultado
    return resultado
