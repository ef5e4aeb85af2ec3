"""Troca um resultado vazio ou falso ([], {}, 0, "", False) por None («não há resultado»): já não é o
resultado tal como veio. Só uma ferramenta que devolve um valor vazio o mostra.

Requisito: r2
"""

_certo = executar_ferramenta


def executar_ferramenta(nome_ferramenta, argumentos):
    return _certo(nome_ferramenta, argumentos) or None
