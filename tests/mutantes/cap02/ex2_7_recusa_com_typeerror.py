"""Recusa os nós que não estão na lista do que é permitido com TypeError («um tipo de nó que não
aceito»), e não com ValueError como no 2.6.

Requisito: r1
"""

_certo = calcular_com_limites


def calcular_com_limites(expressao):
    try:
        return _certo(expressao)
    except ValueError as erro:
        if str(erro).startswith("não é permitido"):
            raise TypeError(str(erro)) from None
        raise
