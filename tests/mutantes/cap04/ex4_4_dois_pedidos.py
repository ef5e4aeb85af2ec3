"""Faz um primeiro pedido «para ver se o modelo quer uma ferramenta» e outro para a ler: dois pedidos.

Requisito: r1
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    def perguntar():
        return cliente.chat.completions.create(
            model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS)

    if not perguntar().choices[0].message.tool_calls:
        return None
    primeira = perguntar().choices[0].message.tool_calls[0].function
    return primeira.name, json.loads(primeira.arguments)
