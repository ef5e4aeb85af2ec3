"""Só exige os campos de required quando o esquema é fechado (additionalProperties: false); num esquema aberto um obrigatório pode faltar.

Requisito: r2
"""

_certo = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict) and esquema.get("additionalProperties") is not False:
        esquema = {k: v for k, v in esquema.items() if k != "required"}
    return _certo(argumentos, esquema)
