"""Usa a docstring inteira como descrição, não só o primeiro parágrafo.

Requisito: r2
"""
# ruff: noqa: F821

import inspect

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    esquema["function"]["description"] = " ".join((inspect.getdoc(funcao) or "").split())
    return esquema
