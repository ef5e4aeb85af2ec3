"""Regista a chave com None e devolve o resultado, mas esquece-se de o guardar no registo.

Requisito: r3
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    registo[chave] = None
    return acao()
