"""Para argumentos que não são um dicionário devolve só o motivo (um texto), sem o (False, motivo).

Requisito: r1
"""

_certo = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if not isinstance(argumentos, dict):
        return "os argumentos têm de ser um dicionário"
    return _certo(argumentos, esquema)
