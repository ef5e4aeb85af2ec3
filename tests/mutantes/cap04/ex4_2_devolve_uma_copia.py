"""Devolve uma cópia do resultado («por segurança») em vez do resultado tal como veio.

Requisito: r2
"""

import copy


def executar_ferramenta(nome_ferramenta, argumentos):
    return copy.deepcopy(FERRAMENTAS[nome_ferramenta](**argumentos))
