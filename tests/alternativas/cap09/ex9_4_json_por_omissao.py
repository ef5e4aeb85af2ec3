"""json.dumps por omissão (ensure_ascii=True) nos argumentos e nos resultados, sem mensagem de sistema: o JSON lido é o mesmo."""


def decisor_openai(cliente, modelo, esquemas):
    def decidir(pedido, historico):
        conversa = [{"role": "user", "content": pedido}]
        for passo in historico:
            if passo.get("aprovada") and passo.get("ferramenta") not in (None, "responder_final"):
                ident = "chamada_%d" % passo["passo"]
                funcao = {"name": passo["ferramenta"], "arguments": json.dumps(passo["argumentos"])}
                conversa += [
                    {"role": "assistant", "content": None,
                     "tool_calls": [{"id": ident, "type": "function", "function": funcao}]},
                    {"role": "tool", "tool_call_id": ident, "content": json.dumps(passo["resultado"])},
                ]
        escolha = cliente.chat.completions.create(model=modelo, messages=conversa, tools=esquemas).choices[0].message
        if not escolha.tool_calls:
            return {"ferramenta": "responder_final", "argumentos": {"texto": escolha.content}}
        primeira = escolha.tool_calls[0].function
        return {"ferramenta": primeira.name, "argumentos": json.loads(primeira.arguments)}

    return decidir
