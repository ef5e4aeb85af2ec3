"""Põe o pedido do utilizador numa mensagem de sistema, e não numa mensagem «user».

Requisito: r3
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "system", "content": f"Pedido do cliente: {pedido}"}],
        tools=ESQUEMAS_FERRAMENTAS)
    chamadas = resposta.choices[0].message.tool_calls
    if not chamadas:
        return None
    return chamadas[0].function.name, json.loads(chamadas[0].function.arguments)
