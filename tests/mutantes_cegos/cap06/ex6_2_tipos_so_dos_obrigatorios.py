"""Confere o tipo só dos campos obrigatórios: um campo opcional presente com o tipo errado passa.

Requisito: r4
"""

TIPOS_JSON = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "array": list, "object": dict, "null": type(None)}


def validar_argumentos(argumentos, esquema):
    if not isinstance(argumentos, dict):
        return False, "os argumentos têm de ser um dicionário"
    propriedades = esquema.get("properties", {})
    if esquema.get("additionalProperties") is False:
        for campo in argumentos:
            if campo not in propriedades:
                return False, f"o campo '{campo}' não existe no esquema"
    for campo in esquema.get("required", []):
        if campo not in argumentos:
            return False, f"falta o campo obrigatório '{campo}'"
        regra, valor = propriedades.get(campo, {}), argumentos[campo]
        tipos = regra.get("type")
        tipos = [] if tipos is None else tipos if isinstance(tipos, list) else [tipos]
        aceites = [t for t in tipos if isinstance(valor, TIPOS_JSON[t])
                   and not (isinstance(valor, bool) and t in ("integer", "number"))]
        if tipos and not aceites:
            return False, f"o campo '{campo}' tem de ser do tipo {' ou '.join(tipos)}"
    for campo, valor in argumentos.items():
        regra = propriedades.get(campo, {})
        if "enum" in regra and valor not in regra["enum"]:
            return False, f"o campo '{campo}' tem de ser um de {regra['enum']}"
    return True, None
