"""Testa os obrigatórios com «if not argumentos.get(campo)»: quantidade 0 ou produto "" contam como em falta.

Requisito: r3
"""

_validar_o_resto = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        for campo in esquema.get("required", []):
            if not argumentos.get(campo):
                return False, f"falta o campo obrigatório '{campo}'"
    return _validar_o_resto(argumentos, esquema)
