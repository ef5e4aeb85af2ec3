"""Chama decidir uma vez para ver se há decisão e outra vez para a usar.

Requisito: r2
"""
# ruff: noqa: F821

_certo = agente_simples


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos

    def decidir_de_novo(p):
        return None if decidir(p) is None else decidir(p)

    return _certo(pedido, decidir_de_novo)
