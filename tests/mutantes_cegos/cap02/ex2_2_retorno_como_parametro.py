"""Percorre typing.get_type_hints(funcao), que traz também "return": a anotação de retorno vira um parâmetro.

Requisito: r6
"""
# ruff: noqa: F821

import typing

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    anotacoes = typing.get_type_hints(funcao)
    if "return" in anotacoes:
        tipo = typing.get_origin(anotacoes["return"]) or anotacoes["return"]
        if tipo not in TIPOS_JSON:
            raise TypeError(f"o parâmetro 'return' tem um tipo sem equivalente JSON: {tipo!r}")
        parametros = esquema["function"]["parameters"]
        parametros["properties"]["return"] = {"type": TIPOS_JSON[tipo]}
        parametros["required"].append("return")
    return esquema
