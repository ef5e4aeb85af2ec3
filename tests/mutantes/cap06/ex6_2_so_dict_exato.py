"""Testa type(argumentos) is dict: uma subclasse de dict (que também é um dicionário) é recusada.

Requisito: r1
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if type(argumentos) is not dict:
        return False, "os argumentos têm de ser um dicionário"
    return _validar_o_resto(argumentos, esquema)
