"""Guarda no registo só que a chave já correu (True), e não o resultado: a repetição devolve True.

Requisito: r3
"""

_certo = executar_idempotente


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    resultado = _certo(chave, acao, registo)
    registo[chave] = True
    return resultado
