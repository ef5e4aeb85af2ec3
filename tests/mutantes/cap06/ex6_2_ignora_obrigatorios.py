"""Esquece a lista required: um campo obrigatório em falta passa.

Requisito: r2
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    return _validar_o_resto(argumentos, {k: v for k, v in esquema.items() if k != "required"})
