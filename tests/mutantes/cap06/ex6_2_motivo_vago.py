"""Recusa bem, mas o motivo não diz qual é o campo: o modelo não sabe o que corrigir.

Requisito: r8, r10
"""


def validar_argumentos(argumentos, esquema):
    import jsonschema

    try:
        jsonschema.validate(argumentos, esquema)
    except jsonschema.ValidationError:
        return False, "argumentos inválidos"
    return True, None
