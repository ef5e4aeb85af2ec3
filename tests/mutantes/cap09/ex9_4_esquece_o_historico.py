"""Manda só o pedido ao modelo, sem o histórico: o modelo nunca vê o que já observou.

Requisito: r2
"""


def decisor_openai(cliente, modelo, esquemas):
    def decidir(pedido, historico):
        mensagens = [{"role": "user", "content": pedido}]
        mensagem = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas).choices[0].message
        if mensagem.tool_calls:
            chamada = mensagem.tool_calls[0]
            return {"ferramenta": chamada.function.name, "argumentos": json.loads(chamada.function.arguments)}
        return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem.content}}

    return decidir
