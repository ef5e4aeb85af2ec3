"""Usa a docstring inteira como descrição, em vez do primeiro parágrafo.

Requisito: r2
"""


def esquema_de_funcao(funcao):
    assinatura = inspect.signature(funcao)
    anotacoes = typing.get_type_hints(funcao)
    propriedades, obrigatorios = {}, []
    for nome, parametro in assinatura.parameters.items():
        if nome not in anotacoes:
            raise TypeError(nome)
        propriedades[nome] = {"type": TIPOS_JSON[anotacoes[nome]]}
        if parametro.default is inspect.Parameter.empty:
            obrigatorios.append(nome)
    return {"type": "function", "function": {
        "name": funcao.__name__,
        "description": funcao.__doc__,
        "parameters": {"type": "object", "properties": propriedades, "required": obrigatorios}}}
