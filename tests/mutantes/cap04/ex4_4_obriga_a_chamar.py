"""Obriga o modelo a chamar uma ferramenta (tool_choice="required"): ele nunca se pode abster.

Requisito: r8
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS,
        tool_choice="required")
    chamadas = resposta.choices[0].message.tool_calls
    if not chamadas:
        return None
    return chamadas[0].function.name, json.loads(chamadas[0].function.arguments)
