"""Converte os números inteiros dos argumentos em float no próprio dicionário de quem chamou.

Requisito: r5
"""


def executar_ferramenta(nome_ferramenta, argumentos):
    for chave, valor in argumentos.items():
        if type(valor) is int:
            argumentos[chave] = float(valor)  # altera o dicionário que recebeu
    return FERRAMENTAS[nome_ferramenta](**argumentos)
