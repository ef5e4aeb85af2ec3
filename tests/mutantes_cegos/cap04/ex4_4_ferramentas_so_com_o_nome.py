"""Constrói as tools a partir dos nomes de FERRAMENTAS, só com o nome de cada uma, em vez de ESQUEMAS_FERRAMENTAS.

Requisito: r4
"""
# ruff: noqa: F821

import types

_certo = decidir_com_modelo

_SO_NOMES = [{"type": "function", "function": {"name": nome}} for nome in FERRAMENTAS]

# a solução, com as tools do aluno
decidir_com_modelo = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "ESQUEMAS_FERRAMENTAS": _SO_NOMES},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)
