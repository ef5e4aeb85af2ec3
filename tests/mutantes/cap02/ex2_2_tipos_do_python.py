"""Escreve o nome do tipo do Python (anotacao.__name__: «str», «int»…) em vez do tipo JSON.

Requisito: r4
"""

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    tipos = typing.get_type_hints(funcao)
    for nome, propriedade in esquema["function"]["parameters"]["properties"].items():
        propriedade["type"] = tipos[nome].__name__
    return esquema
