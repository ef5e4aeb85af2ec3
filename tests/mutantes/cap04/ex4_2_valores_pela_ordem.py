"""Passa os valores pela ordem do dicionário (*argumentos.values()) em vez de por nome.

Requisito: r1
"""


def executar_ferramenta(nome_ferramenta, argumentos):
    return FERRAMENTAS[nome_ferramenta](*argumentos.values())
