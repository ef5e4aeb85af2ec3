"""Põe em required todos os parâmetros, também os que têm valor por omissão.

Requisito: r5
"""
# ruff: noqa: F821

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    parametros = esquema["function"]["parameters"]
    parametros["required"] = list(parametros["properties"])
    return esquema
