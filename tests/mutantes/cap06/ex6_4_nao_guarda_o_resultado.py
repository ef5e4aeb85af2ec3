"""Regista a chave antes de agir, mas não guarda o resultado: a repetição devolve None em vez dele.

Requisito: r3
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    registo[chave] = None
    return acao()
