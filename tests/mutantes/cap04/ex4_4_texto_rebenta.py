"""Assume que há sempre tool_calls: quando o modelo responde com texto, rebenta (None[0]).

Requisito: r7
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS)
    chamada = resposta.choices[0].message.tool_calls[0]
    return chamada.function.name, json.loads(chamada.function.arguments)
