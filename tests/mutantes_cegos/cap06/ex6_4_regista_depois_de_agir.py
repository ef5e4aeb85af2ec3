"""Só regista a chave depois de a ação correr, com o resultado: enquanto a ação corre, a chave ainda não está no registo.

Requisito: r2
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    resultado = acao()
    registo[chave] = resultado
    return resultado
