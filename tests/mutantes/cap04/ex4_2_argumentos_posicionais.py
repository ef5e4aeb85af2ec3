"""Passa o dicionário de argumentos como um só argumento posicional, em vez de **argumentos.

Requisito: r1
"""


def executar_ferramenta(nome_ferramenta, argumentos):
    return FERRAMENTAS[nome_ferramenta](argumentos)
