"""Lê esquema["required"] e esquema["properties"] diretamente: um esquema sem eles rebenta.

Requisito: r11
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        for campo in esquema["required"]:
            if campo not in argumentos:
                return False, f"falta o campo obrigatório '{campo}'"
        esquema["properties"]
    return _validar_o_resto(argumentos, esquema)
