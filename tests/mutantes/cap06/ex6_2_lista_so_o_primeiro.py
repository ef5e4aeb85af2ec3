"""Quando "type" é uma lista, só aceita o primeiro tipo: ["string", "null"] recusa None.

Requisito: r9
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    propriedades = {k: {**regra, "type": regra["type"][0]} if isinstance(regra.get("type"), list) else regra
                    for k, regra in esquema.get("properties", {}).items()}
    return _validar_o_resto(argumentos, {**esquema, "properties": propriedades})
