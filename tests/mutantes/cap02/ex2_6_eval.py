"""Usa eval, com os builtins desligados, a achar que isso chega para ser seguro.

Requisito: r4, r5
"""


def calcular(expressao):
    if len(expressao) > 1000:
        raise ValueError("expressão longa demais")
    try:
        return eval(expressao)
    except ZeroDivisionError:
        raise ValueError("divisão por zero") from None
    except SyntaxError as erro:
        raise ValueError(str(erro)) from None
