"""Apanha a exceção da ação e devolve None, em vez de a deixar propagar-se.

Requisito: r4
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    registo[chave] = None
    try:
        resultado = acao()
    except Exception:
        return None
    registo[chave] = resultado
    return resultado
