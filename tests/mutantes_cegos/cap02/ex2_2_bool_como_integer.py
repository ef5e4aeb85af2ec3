"""Testa int antes de bool com issubclass: um parâmetro bool sai como "integer" (bool é subclasse de int).

Requisito: r4
"""
# ruff: noqa: F821

import typing

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    propriedades = esquema["function"]["parameters"]["properties"]
    for nome, tipo in typing.get_type_hints(funcao).items():
        if nome in propriedades and isinstance(tipo, type) and issubclass(tipo, int):
            propriedades[nome] = {"type": "integer"}
    return esquema
