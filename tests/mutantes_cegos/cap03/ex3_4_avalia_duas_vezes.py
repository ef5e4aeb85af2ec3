"""Chama avaliar duas vezes por versão: uma para saber se passou e outra para ir buscar o feedback.

Requisito: r7
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    # avaliar(versao)[0] no «if» e avaliar(versao)[1] para o feedback: duas chamadas ao modelo
    return _certo(gerar, lambda versao: (avaliar(versao)[0], avaliar(versao)[1]), max_iteracoes)
