"""Aceita True/False onde o esquema pede integer ou number (em Python, bool é um int).

Requisito: r5
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        propriedades = esquema.get("properties", {})
        argumentos = {k: (int(v) if isinstance(v, bool) and propriedades.get(k, {}).get("type") in ("integer", "number")
                          else v) for k, v in argumentos.items()}
    return _validar_o_resto(argumentos, esquema)
