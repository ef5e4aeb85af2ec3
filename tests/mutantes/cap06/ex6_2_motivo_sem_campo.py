"""Recusa o que deve, mas com um motivo genérico que não diz qual é o campo.

Requisito: r10
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    valido, motivo = _validar_o_resto(argumentos, esquema)
    return (True, None) if valido else (False, "os argumentos não respeitam o esquema")
