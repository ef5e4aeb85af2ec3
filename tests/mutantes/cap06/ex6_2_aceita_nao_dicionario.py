"""Só recusa argumentos None: uma lista ou um texto chegam às outras regras como se fossem um objeto.

Requisito: r1
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if argumentos is None:
        return False, "faltam os argumentos"
    if not isinstance(argumentos, dict):
        return True, None  # «o modelo manda sempre um objeto»
    return _validar_o_resto(argumentos, esquema)
