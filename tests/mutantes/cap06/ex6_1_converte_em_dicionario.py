"""Tenta converter os argumentos com dict() e só recusa se isso falhar: uma lista de pares
([("a", 1)]) passa por um dicionário. Só uma lista de pares o mostra.

Requisito: r2
"""

_certo = validar_acao


def validar_acao(ferramenta, argumentos, allowlist):
    try:
        argumentos = dict(argumentos)
    except (TypeError, ValueError):
        pass
    return _certo(ferramenta, argumentos, allowlist)
