"""Vê se a chave já correu pela verdade do valor guardado (registo.get(chave)): um resultado guardado como 0 ou "" faz a ação correr outra vez.

Requisito: r1
"""


def executar_idempotente(chave, acao, registo):
    if registo.get(chave):
        return registo[chave]
    registo[chave] = None
    resultado = acao()
    registo[chave] = resultado
    return resultado
