"""Apanha a exceção e devolve None: quem chamou nunca sabe que a chamada falhou.

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
