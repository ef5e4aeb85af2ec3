"""Corta o nome qualificado no primeiro ponto: uma função definida dentro de fabricar() fica com o nome "fabricar".

Requisito: r1
"""

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    esquema["function"]["name"] = funcao.__qualname__.split(".")[0]
    return esquema
