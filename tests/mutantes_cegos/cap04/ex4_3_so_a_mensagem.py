"""Quando nada serve devolve só {"mensagem": ...}, sem as chaves ferramenta, argumentos e resultado.

Requisito: r3
"""
# ruff: noqa: F821

_certo = agente_simples


def agente_simples(pedido, decidir=None):
    resultado = _certo(pedido, decidir)
    if resultado["ferramenta"] is None:
        return {"mensagem": resultado["mensagem"]}
    return resultado
