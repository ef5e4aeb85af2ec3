"""Devolve os argumentos como a string JSON que vem da API, sem json.loads.

Requisito: r8
"""


def decisor_openai(cliente, modelo, esquemas):
    def decidir(pedido, historico):
        mensagens = [{"role": "user", "content": pedido}]
        for passo in historico:
            if not passo.get("aprovada") or passo.get("ferramenta") in (None, "responder_final"):
                continue
            ident = f"passo_{passo['passo']}"
            mensagens.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": ident, "type": "function",
                "function": {"name": passo["ferramenta"], "arguments": json.dumps(passo["argumentos"])}}]})
            mensagens.append({"role": "tool", "tool_call_id": ident, "content": json.dumps(passo["resultado"])})
        mensagem = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas).choices[0].message
        if mensagem.tool_calls:
            chamada = mensagem.tool_calls[0]
            return {"ferramenta": chamada.function.name, "argumentos": chamada.function.arguments}
        return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem.content}}

    return decidir
