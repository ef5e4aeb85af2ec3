"""Usa «if registo.get(chave)»: uma ação que devolve None (como muitos envios) volta a correr.

Requisito: r1
"""


def executar_idempotente(chave, acao, registo):
    if registo.get(chave):
        return registo[chave]
    registo[chave] = None
    resultado = acao()
    registo[chave] = resultado
    return resultado
