"""Quando nenhuma versão passa devolve "resultado": None («não há resultado aprovado»), não a última versão.

Requisito: r5
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    resultado = _certo(gerar, avaliar, max_iteracoes)
    if resultado["estado"] == "incompleto":
        resultado["resultado"] = None
    return resultado
