"""Só confirma no resultado final que não é complexo nem infinito: "1 / (1e308 * 10)" dá 0.0.

Requisito: r7
"""
# ruff: noqa: F821

import math
import types

_certo = calcular_com_limites


class _NuncaComplexo:
    """Nenhum número é instância desta classe: as verificações a meio da conta nunca disparam."""


# a solução, sem as verificações de complexo e de finito a meio da conta...
_sem_verificar_a_meio = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "complex": _NuncaComplexo,
                      "math": types.SimpleNamespace(isfinite=lambda valor: True)},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)


def calcular_com_limites(expressao):
    resultado = _sem_verificar_a_meio(expressao)
    # ... e com elas só no fim
    if isinstance(resultado, complex) or not math.isfinite(resultado):
        raise ValueError("o resultado não é um número real finito")
    return resultado
