"""Na primeira geração passa feedback="" em vez de None.

Requisito: r1
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    return _certo(lambda feedback: gerar("" if feedback is None else feedback), avaliar, max_iteracoes)
