"""Corre a ferramenta uma vez para «testar» e outra para devolver: uma chamada, dois efeitos.

Requisito: r3
"""


def executar_ferramenta(nome_ferramenta, argumentos):
    if FERRAMENTAS[nome_ferramenta](**argumentos) is None:
        return None
    return FERRAMENTAS[nome_ferramenta](**argumentos)
