"""O valor por omissão de max_iteracoes é 5 em vez de 3.

Requisito: r6
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=5):
    return _certo(gerar, avaliar, max_iteracoes)
