"""Tira properties e required das anotações (get_type_hints) em vez da assinatura: o retorno entra
como um parâmetro obrigatório «return».

Requisito: r6
"""

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    retorno = typing.get_type_hints(funcao).get("return")
    if retorno in TIPOS_JSON:
        parametros = esquema["function"]["parameters"]
        parametros["properties"]["return"] = {"type": TIPOS_JSON[retorno]}
        parametros["required"].append("return")
    return esquema
