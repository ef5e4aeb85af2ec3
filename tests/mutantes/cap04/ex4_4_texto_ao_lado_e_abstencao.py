"""Toma o texto que o modelo escreve ao lado das chamadas («Vou consultar o catálogo.») por uma
resposta e abstém-se. Só uma resposta com texto e chamadas o mostra.

Requisito: r6
"""


def decidir_com_modelo(pedido, cliente, modelo):
    mensagem = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS,
    ).choices[0].message
    if mensagem.content or not mensagem.tool_calls:  # «o modelo escreveu texto: é a resposta»
        return None
    return mensagem.tool_calls[0].function.name, json.loads(mensagem.tool_calls[0].function.arguments)
