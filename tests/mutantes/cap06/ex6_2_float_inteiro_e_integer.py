"""Aceita um float com valor inteiro (2.0) onde o esquema pede integer, como o jsonschema da lição;
o enunciado pede um int de Python. Só um float inteiro gerado o mostra.

Requisito: r4
"""

_certo = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        argumentos = {k: int(v) if type(v) is float and v.is_integer() else v for k, v in argumentos.items()}
    return _certo(argumentos, esquema)
