"""No limite, pede ao modelo (sem ferramentas) uma «resposta final» e devolve-a: uma chamada a mais e uma resposta inventada.

Requisito: r8
"""


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    mensagens = [{"role": "user", "content": pergunta}]
    for _ in range(max_voltas):
        mensagem = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas).choices[0].message
        if not mensagem.tool_calls:
            return mensagem.content
        mensagens.append(mensagem)
        for chamada in mensagem.tool_calls:
            conteudo = executar_chamada(chamada.function.name, chamada.function.arguments, ferramentas)
            mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": conteudo})
    mensagens.append({"role": "user", "content": "Responde já com o que tens."})
    final = cliente.chat.completions.create(model=modelo, messages=mensagens).choices[0].message
    return final.content or "Não sei."
