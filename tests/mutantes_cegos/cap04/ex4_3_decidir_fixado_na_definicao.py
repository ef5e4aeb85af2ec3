"""Usa o valor por omissão decidir=decidir_ferramenta_e_argumentos: fica a versão do 4.1 do momento da definição.

Requisito: r1
"""
# ruff: noqa: F821

_certo = agente_simples


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    return _certo(pedido, decidir)
