"""Lê os tipos de parametro.annotation (sem get_type_hints) e monta required com uma compreensão."""


def esquema_de_funcao(funcao):
    json_de = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object"}
    parametros = list(inspect.signature(funcao).parameters.values())
    for p in parametros:
        if p.annotation is inspect.Parameter.empty:
            raise TypeError(f"falta a anotação de tipo em {p.name}")
    doc = inspect.getdoc(funcao) or ""
    primeiro = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    return {"type": "function", "function": {
        "name": funcao.__name__,
        "description": primeiro,
        "parameters": {
            "type": "object",
            "properties": {p.name: {"type": json_de[p.annotation]} for p in parametros},
            "required": [p.name for p in parametros if p.default is inspect.Parameter.empty],
        }}}
