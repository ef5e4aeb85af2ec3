"""Lê "number" como float: um int (10) onde o esquema pede number é recusado.

Requisito: r4
"""

_certo = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        for campo, valor in argumentos.items():
            if esquema.get("properties", {}).get(campo, {}).get("type") == "number" and not isinstance(valor, float):
                return False, f"o campo '{campo}' tem de ser do tipo number"
    return _certo(argumentos, esquema)
