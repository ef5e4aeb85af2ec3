"""Pede tool_choice="none", a julgar que quer dizer «nenhuma ferramenta obrigatória»: o modelo deixa de poder escolher uma.

Requisito: r9
"""
# ruff: noqa: F821

from functools import partial
from types import SimpleNamespace

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    # o mesmo pedido da solução, com tool_choice="none" acrescentado
    completions = SimpleNamespace(create=partial(cliente.chat.completions.create, tool_choice="none"))
    return _certo(pedido, SimpleNamespace(chat=SimpleNamespace(completions=completions)), modelo)
