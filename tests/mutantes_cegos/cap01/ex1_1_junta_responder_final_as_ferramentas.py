"""Regista "responder_final" no dicionário ferramentas de quem chama (altera o argumento).

Requisito: r11
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    ferramentas["responder_final"] = lambda texto: texto
    return _certo(pedido, decidir, ferramentas, max_passos)
