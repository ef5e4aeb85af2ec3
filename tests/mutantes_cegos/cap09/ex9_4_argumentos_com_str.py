"""Escreve os arguments da chamada com str(argumentos) (o repr do Python), e não com json.dumps.

Requisito: r5
"""

import json


def decisor_openai(cliente, modelo, esquemas):
    def decidir(pedido, historico):
        mensagens = [
            {"role": "system", "content": "Fazes orçamentos com as ferramentas do catálogo. Responde em português."},
            {"role": "user", "content": pedido},
        ]
        for passo in historico:
            if not passo.get("aprovada") or passo.get("ferramenta") in (None, "responder_final"):
                continue
            ident = f"passo_{passo['passo']}"
            mensagens.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": ident, "type": "function",
                "function": {"name": passo["ferramenta"],
                             "arguments": str(passo["argumentos"])}}]})
            mensagens.append({"role": "tool", "tool_call_id": ident,
                              "content": json.dumps(passo["resultado"], ensure_ascii=False)})
        resposta = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas)
        mensagem = resposta.choices[0].message
        if mensagem.tool_calls:
            chamada = mensagem.tool_calls[0]
            return {"ferramenta": chamada.function.name, "argumentos": json.loads(chamada.function.arguments)}
        return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem.content or ""}}

    return decidir
