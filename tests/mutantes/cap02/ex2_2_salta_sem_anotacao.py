"""Deixa de fora do esquema os parâmetros sem anotação («não sei o tipo»), em vez de lançar
TypeError.

Requisito: r7
"""


def esquema_de_funcao(funcao):
    tipos = typing.get_type_hints(funcao)
    parametros = [p for p in inspect.signature(funcao).parameters.values() if p.name in tipos]
    descricao = " ".join((inspect.getdoc(funcao) or "").split("\n\n")[0].split())
    return {"type": "function", "function": {"name": funcao.__name__, "description": descricao, "parameters": {
        "type": "object", "properties": {p.name: {"type": TIPOS_JSON[tipos[p.name]]} for p in parametros},
        "required": [p.name for p in parametros if p.default is p.empty]}}}
