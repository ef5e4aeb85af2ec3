"""Tira o «_» do início do nome, como se fosse só estilo: o nome deixa de ser o da função.

Requisito: r1
"""


def esquema_de_funcao(funcao):
    assinatura = inspect.signature(funcao)
    anotacoes = typing.get_type_hints(funcao)
    propriedades, obrigatorios = {}, []
    for nome, parametro in assinatura.parameters.items():
        if nome not in anotacoes:
            raise TypeError(f"o parâmetro {nome!r} de {funcao.__name__} não tem anotação de tipo")
        tipo = typing.get_origin(anotacoes[nome]) or anotacoes[nome]
        if tipo not in TIPOS_JSON:
            raise TypeError(f"o parâmetro {nome!r} tem um tipo sem equivalente JSON: {tipo!r}")
        propriedades[nome] = {"type": TIPOS_JSON[tipo]}
        if parametro.default is inspect.Parameter.empty:
            obrigatorios.append(nome)
    descricao = (inspect.getdoc(funcao) or "").split("\n\n")[0]
    return {
        "type": "function",
        "function": {
            "name": funcao.__name__.lstrip("_"),
            "description": " ".join(descricao.split()),
            "parameters": {"type": "object", "properties": propriedades, "required": obrigatorios},
        },
    }
