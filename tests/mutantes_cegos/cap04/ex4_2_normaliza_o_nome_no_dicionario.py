"""Normaliza o nome_produto dentro do dicionário de argumentos que recebe (altera o argumento de quem chama).

Requisito: r5
"""
# ruff: noqa: F821

_certo = executar_ferramenta


def executar_ferramenta(nome_ferramenta, argumentos):
    if isinstance(argumentos.get("nome_produto"), str):
        argumentos["nome_produto"] = argumentos["nome_produto"].strip().lower()
    return _certo(nome_ferramenta, argumentos)
