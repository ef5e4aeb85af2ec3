"""Regista a chave só depois de a ação correr: um timeout depois do efeito faz a nova tentativa repetir o envio.

Requisito: r2
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    resultado = acao()
    registo[chave] = resultado
    return resultado
