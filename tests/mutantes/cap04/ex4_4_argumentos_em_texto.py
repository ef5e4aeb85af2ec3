"""Devolve os argumentos como a string JSON que vem da API, sem json.loads.

Requisito: r6
"""


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS)
    chamadas = resposta.choices[0].message.tool_calls
    if not chamadas:
        return None
    return chamadas[0].function.name, chamadas[0].function.arguments
