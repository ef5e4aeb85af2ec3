"""Põe em required todos os parâmetros, também os que têm valor por omissão.

Requisito: r5
"""


def esquema_de_funcao(funcao):
    assinatura = inspect.signature(funcao)
    anotacoes = typing.get_type_hints(funcao)
    propriedades = {}
    for nome in assinatura.parameters:
        if nome not in anotacoes:
            raise TypeError(nome)
        propriedades[nome] = {"type": TIPOS_JSON[anotacoes[nome]]}
    return {"type": "function", "function": {
        "name": funcao.__name__,
        "description": (inspect.getdoc(funcao) or "").split("\n\n")[0],
        "parameters": {"type": "object", "properties": propriedades, "required": list(propriedades)}}}
