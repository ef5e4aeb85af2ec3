"""Com argumentos que não são JSON chama a ferramenta sem argumentos ({}), em vez de devolver logo o erro.

Requisito: r8
"""
# ruff: noqa: F821

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome in ferramentas:
        try:
            json.loads(argumentos_json)
        except (TypeError, ValueError):
            return _certo(nome, "{}", ferramentas)
    return _certo(nome, argumentos_json, ferramentas)
