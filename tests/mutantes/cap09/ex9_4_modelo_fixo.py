"""Fixa o nome do modelo na chamada em vez de usar o modelo que recebe.

Requisito: r6
"""

_decisor_certo = decisor_openai


def decisor_openai(cliente, modelo, esquemas):
    return _decisor_certo(cliente, "gpt-4o-mini", esquemas)
