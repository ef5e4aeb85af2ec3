"""Pede tool_choice="required", para o modelo escolher sempre uma ferramenta: deixa de se poder abster.

Requisito: r8
"""
# ruff: noqa: F821

from types import SimpleNamespace

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    def criar(**resto):
        return cliente.chat.completions.create(tool_choice="required", **resto)

    return _certo(pedido, SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar))),
                  modelo)
