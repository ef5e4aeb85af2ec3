"""Continua a numeração do log (o último "passo" + 1) em vez de usar o numero que recebe.

Requisito: r5
"""

_certo = registar_passo


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    numero = log[-1]["passo"] + 1 if log else numero
    return _certo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao)
