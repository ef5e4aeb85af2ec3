"""Quando nenhuma ferramenta serve devolve (None, {}), para manter a forma do tuplo, em vez de None.

Requisito: r5
"""
# ruff: noqa: F821

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    return (None, {}) if decisao is None else decisao
