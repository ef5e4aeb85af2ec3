"""Devolve em "iteracoes" o índice da volta (a contar de 0), não quantas versões gerou.

Requisito: r3
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    resultado = _certo(gerar, avaliar, max_iteracoes)
    if resultado["estado"] == "concluido":
        resultado["iteracoes"] -= 1
    return resultado
