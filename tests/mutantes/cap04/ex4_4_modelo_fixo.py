"""Escreve o nome do modelo à mão em vez de usar o argumento modelo.

Requisito: r2
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model="o-meu-modelo-preferido", messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS)
    chamadas = resposta.choices[0].message.tool_calls
    if not chamadas:
        return None
    return chamadas[0].function.name, json.loads(chamadas[0].function.arguments)
