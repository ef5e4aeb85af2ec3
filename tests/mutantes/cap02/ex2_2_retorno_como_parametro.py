"""Percorre todas as anotações (get_type_hints), por isso o tipo de retorno aparece como um parâmetro «return».

Requisito: r6
"""


def esquema_de_funcao(funcao):
    assinatura = inspect.signature(funcao)
    anotacoes = typing.get_type_hints(funcao)
    for nome in assinatura.parameters:
        if nome not in anotacoes:
            raise TypeError(f"o parâmetro {nome!r} não tem anotação de tipo")
    propriedades = {nome: {"type": TIPOS_JSON[tipo]} for nome, tipo in anotacoes.items() if tipo in TIPOS_JSON}
    obrigatorios = [n for n, p in assinatura.parameters.items() if p.default is inspect.Parameter.empty]
    descricao = (inspect.getdoc(funcao) or "").split("\n\n")[0]
    return {"type": "function", "function": {
        "name": funcao.__name__, "description": " ".join(descricao.split()),
        "parameters": {"type": "object", "properties": propriedades, "required": obrigatorios}}}
