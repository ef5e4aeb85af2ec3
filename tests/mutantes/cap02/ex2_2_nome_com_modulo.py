"""Põe no name o nome completo, com o módulo («modulo.funcao», para não haver nomes repetidos), em
vez de funcao.__name__: a API só aceita letras, algarismos, «_» e «-».

Requisito: r1
"""

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    esquema["function"]["name"] = f"{funcao.__module__}.{funcao.__name__}"
    return esquema
