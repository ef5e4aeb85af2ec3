"""Sem anotação, adivinha "string" em vez de lançar TypeError.

Requisito: r7
"""


def esquema_de_funcao(funcao):
    assinatura = inspect.signature(funcao)
    anotacoes = typing.get_type_hints(funcao)
    propriedades, obrigatorios = {}, []
    for nome, parametro in assinatura.parameters.items():
        propriedades[nome] = {"type": TIPOS_JSON.get(anotacoes.get(nome, str), "string")}
        if parametro.default is inspect.Parameter.empty:
            obrigatorios.append(nome)
    return {"type": "function", "function": {
        "name": funcao.__name__,
        "description": (inspect.getdoc(funcao) or "").split("\n\n")[0],
        "parameters": {"type": "object", "properties": propriedades, "required": obrigatorios}}}
