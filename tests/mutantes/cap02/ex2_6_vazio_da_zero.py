"""Trata o texto vazio (ou só com espaços) como 0, «nada para somar», em vez de ValueError.

Requisito: r4
"""

_certo = calcular


def calcular(expressao):
    if isinstance(expressao, str) and not expressao.strip():
        return 0
    return _certo(expressao)
