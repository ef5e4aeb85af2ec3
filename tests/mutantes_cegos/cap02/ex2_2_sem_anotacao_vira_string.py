"""Um parâmetro sem anotação passa a "string" em vez de dar TypeError.

Requisito: r7
"""
# ruff: noqa: F821

import inspect
import types

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    anotacoes = getattr(funcao, "__annotations__", {})
    if all(nome in anotacoes for nome in inspect.signature(funcao).parameters):
        return _certo(funcao)
    # uma cópia da função em que cada parâmetro sem anotação fica anotado com str
    copia = types.FunctionType(funcao.__code__, funcao.__globals__, funcao.__name__,
                               funcao.__defaults__, funcao.__closure__)
    copia.__doc__, copia.__kwdefaults__ = funcao.__doc__, funcao.__kwdefaults__
    copia.__annotations__ = {nome: str for nome in inspect.signature(funcao).parameters}
    copia.__annotations__.update(anotacoes)
    return _certo(copia)
