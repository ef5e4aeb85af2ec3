"""Recebe o motivo num *extra («é opcional»): só se pode passar pela posição, e
motivo_rejeicao=... dá TypeError.

Requisito: r6
"""

_certo = registar_passo


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, *extra):
    return _certo(log, numero, ferramenta, argumentos, resultado, aprovada, *extra)
