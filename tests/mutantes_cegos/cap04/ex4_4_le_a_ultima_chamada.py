"""Lê a última chamada (tool_calls[-1]) em vez da primeira.

Requisito: r5
"""
# ruff: noqa: F821

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, tools=ESQUEMAS_FERRAMENTAS, messages=[{"role": "user", "content": pedido}])
    mensagem = resposta.choices[0].message
    if not mensagem.tool_calls:
        return None
    ultima = mensagem.tool_calls[-1].function
    return ultima.name, json.loads(ultima.arguments)
