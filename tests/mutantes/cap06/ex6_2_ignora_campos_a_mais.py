"""Ignora additionalProperties: false, e um campo inventado pelo modelo («desconto») passa.

Requisito: r7
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    return _validar_o_resto(argumentos, {k: v for k, v in esquema.items() if k != "additionalProperties"})
