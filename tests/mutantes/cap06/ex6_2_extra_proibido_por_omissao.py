"""Proíbe campos a mais sempre que additionalProperties não é true (também quando falta ou é um esquema).

Requisito: r8
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    fechado = esquema.get("additionalProperties") is not True
    return _validar_o_resto(argumentos, {**esquema, "additionalProperties": False} if fechado else esquema)
