"""«Arruma» o resultado: um float sem parte decimal passa a int (calcular("8 / 2") devolve 4 em vez de 4.0).

Requisito: r3
"""
# ruff: noqa: F821

_certo = calcular


def calcular(expressao):
    resultado = _certo(expressao)
    if isinstance(resultado, float) and resultado.is_integer():
        return int(resultado)
    return resultado
