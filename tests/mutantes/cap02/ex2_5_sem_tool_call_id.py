"""Esquece o tool_call_id na mensagem 'tool' (a API não sabe a que chamada responde).

Requisito: r4
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
            mensagens.append({"role": "tool", "content": conteudo})
    return f"Parei após {max_voltas} chamadas."
