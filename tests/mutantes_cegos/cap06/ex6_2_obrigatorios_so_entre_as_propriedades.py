"""Só procura os campos obrigatórios entre as propriedades do esquema: um obrigatório que não está em properties pode faltar.

Requisito: r2
"""

TIPOS_JSON = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "array": list, "object": dict, "null": type(None)}


def validar_argumentos(argumentos, esquema):
    if not isinstance(argumentos, dict):
        return False, "os argumentos têm de ser um dicionário"
    propriedades = esquema.get("properties", {})
    obrigatorios = esquema.get("required", [])
    if esquema.get("additionalProperties") is False:
        for campo in argumentos:
            if campo not in propriedades:
                return False, f"o campo '{campo}' não existe no esquema"
    for campo, regra in propriedades.items():
        if campo not in argumentos:
            if campo in obrigatorios:
                return False, f"falta o campo obrigatório '{campo}'"
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
