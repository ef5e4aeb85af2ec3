"""Esquece-se de enviar as ferramentas: o modelo nem sabe que existem.

Requisito: r4
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(model=modelo, messages=[{"role": "user", "content": pedido}])
    chamadas = resposta.choices[0].message.tool_calls
    if not chamadas:
        return None
    return chamadas[0].function.name, json.loads(chamadas[0].function.arguments)
