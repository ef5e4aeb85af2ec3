"""Responde só à primeira chamada (tool_calls[0]) e ignora as outras chamadas em paralelo.

Requisito: r4
"""


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    mensagens = [{"role": "user", "content": pergunta}]
    for _ in range(max_voltas):
        mensagem = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas).choices[0].message
        if not mensagem.tool_calls:
            return mensagem.content
        mensagens.append(mensagem)
        chamada = mensagem.tool_calls[0]
        conteudo = executar_chamada(chamada.function.name, chamada.function.arguments, ferramentas)
        mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": conteudo})
    return f"Parei após {max_voltas} chamadas."
