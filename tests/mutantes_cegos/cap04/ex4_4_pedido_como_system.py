"""Manda o pedido do utilizador numa mensagem "system" em vez de "user".

Requisito: r3
"""
# ruff: noqa: F821

from types import SimpleNamespace

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    def criar(messages, **resto):
        trocadas = [{**m, "role": "system"} if m.get("role") == "user" else m for m in messages]
        return cliente.chat.completions.create(messages=trocadas, **resto)

    return _certo(pedido, SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar))),
                  modelo)
