"""Usa funcao.__qualname__ como nome: uma função definida dentro de outra fica "fora.<locals>.f".

Requisito: r1
"""
# ruff: noqa: F821

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    esquema["function"]["name"] = funcao.__qualname__
    return esquema
