"""Devolve em "resposta" o dicionário dos argumentos inteiro, não argumentos["texto"].

Requisito: r3
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    resultado = _certo(pedido, decidir, ferramentas, max_passos)
    if resultado["concluido"]:
        resultado["resposta"] = {"texto": resultado["resposta"]}
    return resultado
