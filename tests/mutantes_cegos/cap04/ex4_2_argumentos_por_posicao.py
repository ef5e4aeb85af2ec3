"""Chama a ferramenta com os valores por posição (*argumentos.values()), não por nome.

Requisito: r1
"""
# ruff: noqa: F821


def executar_ferramenta(nome_ferramenta, argumentos):
    return FERRAMENTAS[nome_ferramenta](*argumentos.values())
