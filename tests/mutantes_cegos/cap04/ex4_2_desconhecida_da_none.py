"""Vai buscar a ferramenta com FERRAMENTAS.get: um nome que não existe devolve None em silêncio.

Requisito: r4
"""
# ruff: noqa: F821


def executar_ferramenta(nome_ferramenta, argumentos):
    funcao = FERRAMENTAS.get(nome_ferramenta)
    return None if funcao is None else funcao(**argumentos)
