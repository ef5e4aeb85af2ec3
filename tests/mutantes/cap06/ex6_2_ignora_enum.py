"""Só olha para o tipo e esquece o enum: «drone» passa como modo de envio.

Requisito: r6
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    propriedades = {k: {c: v for c, v in regra.items() if c != "enum"}
                    for k, regra in esquema.get("properties", {}).items()}
    return _validar_o_resto(argumentos, {**esquema, "properties": propriedades})
