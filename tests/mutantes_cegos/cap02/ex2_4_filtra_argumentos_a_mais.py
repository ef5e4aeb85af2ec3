"""Deita fora as chaves que não são parâmetros da ferramenta, em vez de deixar a chamada dar TypeError.

Requisito: r7
"""
# ruff: noqa: F821

import inspect

_certo = executar_chamada


def _so_os_parametros(ferramenta):
    def chamar(**argumentos):
        parametros = inspect.signature(ferramenta).parameters
        if not any(p.kind is p.VAR_KEYWORD for p in parametros.values()):
            argumentos = {k: v for k, v in argumentos.items() if k in parametros}
        return ferramenta(**argumentos)
    return chamar


def executar_chamada(nome, argumentos_json, ferramentas):
    return _certo(nome, argumentos_json, {n: _so_os_parametros(f) for n, f in ferramentas.items()})
