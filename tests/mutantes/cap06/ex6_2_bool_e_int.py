"""Esquece que em Python True é um int: aceita um booleano onde o esquema pede integer ou number.

Requisito: r5, r9
"""


def validar_argumentos(argumentos, esquema):
    if not isinstance(argumentos, dict):
        return False, "os argumentos têm de ser um dicionário"
    propriedades = esquema.get("properties", {})
    for campo in esquema.get("required", []):
        if campo not in argumentos:
            return False, f"falta o campo obrigatório '{campo}'"
    if esquema.get("additionalProperties") is False:
        for campo in argumentos:
            if campo not in propriedades:
                return False, f"o campo '{campo}' não existe no esquema"
    for campo, valor in argumentos.items():
        regra = propriedades.get(campo, {})
        if "type" in regra and not isinstance(valor, TIPOS_JSON[regra["type"]]):
            return False, f"o campo '{campo}' tem de ser do tipo {regra['type']}"
        if "enum" in regra and valor not in regra["enum"]:
            return False, f"o campo '{campo}' tem de ser um de {regra['enum']}"
    return True, None
