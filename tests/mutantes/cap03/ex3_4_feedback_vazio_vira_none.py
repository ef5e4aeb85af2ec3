"""Passa a gerar «feedback or None»: um feedback vazio ("") chega como None, como se fosse a primeira
vez. Só um feedback vazio o mostra.

Requisito: r2
"""

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    return _certo(lambda feedback: gerar(feedback or None), avaliar, max_iteracoes)
