"""Lê a última chamada de ferramenta em vez da primeira.

Requisito: r5
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS)
    ultima = (resposta.choices[0].message.tool_calls or [None])[-1]
    return None if ultima is None else (ultima.function.name, json.loads(ultima.function.arguments))
