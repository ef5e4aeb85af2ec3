"""O valor por omissão de max_voltas é 10 em vez de 5.

Requisito: r9
"""
# ruff: noqa: F821

_certo = responder_com_ferramentas


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=10):
    return _certo(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas)
