"""Confirma o divisor zero antes de /, // e % e não apanha ZeroDivisionError: "0 ** -1" rebenta.

Requisito: r6
"""
# ruff: noqa: F821

import ast
import types

_certo = calcular


class _NenhumaConta(Exception):
    """Nenhuma conta a lança: faz o papel do «except ZeroDivisionError» que o aluno não escreveu."""


def _divisor_confirmado(operacao):
    def calcular_operacao(esquerda, direita):
        if direita == 0:
            raise ValueError("divisão por zero")
        return operacao(esquerda, direita)
    return calcular_operacao


_DO_ALUNO = {**BINARIOS, **{op: _divisor_confirmado(BINARIOS[op]) for op in (ast.Div, ast.FloorDiv, ast.Mod)}}

# a solução, com a tabela de operações e o except do aluno
calcular = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "BINARIOS": _DO_ALUNO, "ZeroDivisionError": _NenhumaConta},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)
