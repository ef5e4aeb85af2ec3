"""Conta as voltas com range(1, max_iteracoes): sem aprovação gera só max_iteracoes - 1 versões.

Requisito: r4
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    resultado = _certo(gerar, avaliar, max_iteracoes - 1)
    if resultado["estado"] == "incompleto":
        resultado["iteracoes"] = max_iteracoes
    return resultado
