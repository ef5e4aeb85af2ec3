"""Não confirma que os argumentos são um dicionário e percorre as propriedades do esquema: uma lista vazia passa como válida.

Requisito: r1
"""

TIPOS_JSON = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "array": list, "object": dict, "null": type(None)}


def validar_argumentos(argumentos, esquema):
    propriedades = esquema.get("properties", {})
    for campo in esquema.get("required", []):
        if campo not in argumentos:
            return False, f"falta o campo obrigatório '{campo}'"
    if esquema.get("additionalProperties") is False:
        for campo in argumentos:
            if campo not in propriedades:
                return False, f"o campo '{campo}' não existe no esquema"
    for campo, regra in propriedades.items():
        if campo not in argumentos:
            continue
        valor = argumentos[campo]
        tipos = regra.get("type")
        tipos = [] if tipos is None else tipos if isinstance(tipos, list) else [tipos]
        aceites = [t for t in tipos if isinstance(valor, TIPOS_JSON[t])
                   and not (isinstance(valor, bool) and t in ("integer", "number"))]
        if tipos and not aceites:
            return False, f"o campo '{campo}' tem de ser do tipo {' ou '.join(tipos)}"
        if "enum" in regra and valor not in regra["enum"]:
            return False, f"o campo '{campo}' tem de ser um de {regra['enum']}"
    return True, None
