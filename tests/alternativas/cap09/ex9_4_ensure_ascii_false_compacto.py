"""JSON com ensure_ascii=False, separadores compactos e chaves ordenadas, e escolhas válidas da API (tool_choice="auto", parallel_tool_calls=False, max_tokens)."""


def decisor_openai(cliente, modelo, esquemas):
    def _json(valor):
        return json.dumps(valor, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def decidir(pedido, historico):
        mensagens = [{"role": "system", "content": "Usa as ferramentas para fazer orçamentos."},
                     {"role": "user", "content": pedido}]
        for n, passo in enumerate(p for p in historico if p.get("aprovada") and p.get("ferramenta")):
            if passo["ferramenta"] == "responder_final":
                continue
            mensagens.append({"role": "assistant", "content": "", "tool_calls": [
                {"id": f"id_{n}", "type": "function",
                 "function": {"name": passo["ferramenta"], "arguments": _json(passo["argumentos"])}}]})
            mensagens.append({"role": "tool", "tool_call_id": f"id_{n}", "content": _json(passo["resultado"])})
        resposta = cliente.chat.completions.create(
            model=modelo, messages=mensagens, tools=esquemas, tool_choice="auto",
            parallel_tool_calls=False, max_tokens=500)
        mensagem = resposta.choices[0].message
        if mensagem.tool_calls:
            chamada = mensagem.tool_calls[0].function
            return {"ferramenta": chamada.name, "argumentos": json.loads(chamada.arguments)}
        return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem.content}}

    return decidir
