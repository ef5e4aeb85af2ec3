"""Quando o modelo responde com texto devolve ("responder_final", {"texto": ...}) em vez de None.

Requisito: r7
"""
# ruff: noqa: F821

import json


def decidir_com_modelo(pedido, cliente, modelo):
    mensagem = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS,
    ).choices[0].message
    if mensagem.tool_calls:
        chamada = mensagem.tool_calls[0].function
        return chamada.name, json.loads(chamada.arguments)
    return "responder_final", {"texto": mensagem.content}
