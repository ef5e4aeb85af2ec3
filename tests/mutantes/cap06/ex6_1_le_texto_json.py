"""Lê com json.loads os argumentos que vêm em texto («o modelo escreve JSON»): '{"a": 1}' passa
como se fosse um dicionário.

Requisito: r2
"""

import json

_certo = validar_acao


def validar_acao(ferramenta, argumentos, allowlist):
    if isinstance(argumentos, str):
        try:
            argumentos = json.loads(argumentos)
        except ValueError:
            pass
    return _certo(ferramenta, argumentos, allowlist)
