"""Não apanha OverflowError: "(10.0 ** 100) ** 4" sai como OverflowError em vez de ValueError.

Requisito: r8
"""
# ruff: noqa: F821

import types

_certo = calcular_com_limites


class _NenhumaConta(Exception):
    """Nenhuma conta a lança: faz o papel do «except OverflowError» que o aluno não escreveu."""


# a solução, sem o except OverflowError
calcular_com_limites = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "OverflowError": _NenhumaConta},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)
