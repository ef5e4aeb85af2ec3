"""Todas as entradas têm a chave "erro", com None nas chamadas boas (para terem todas a mesma forma).

Requisito: r6
"""
# ruff: noqa: F821

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    return [{"erro": None, **entrada} for entrada in _certo(mensagem)]
