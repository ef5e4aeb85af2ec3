"""Devolve os argumentos tal como vêm, em texto JSON, sem json.loads.

Requisito: r6
"""
# ruff: noqa: F821

import types

_certo = decidir_com_modelo

# a solução, com o json.loads esquecido
decidir_com_modelo = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "json": types.SimpleNamespace(loads=lambda texto: texto)},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)
