"""Quando "type" é uma lista de tipos, usa só o primeiro: None não passa em ["string", "null"].

Requisito: r9
"""

TIPOS_JSON = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "array": list, "object": dict, "null": type(None)}


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
        tipo = regra.get("type")
        if isinstance(tipo, list):
            tipo = tipo[0]
        if tipo is not None:
            certo = isinstance(valor, TIPOS_JSON[tipo])
            if isinstance(valor, bool) and tipo in ("integer", "number"):
                certo = False
            if not certo:
                return False, f"o campo '{campo}' tem de ser do tipo {tipo}"
        if "enum" in regra and valor not in regra["enum"]:
            return False, f"o campo '{campo}' tem de ser um de {regra['enum']}"
    return True, None
