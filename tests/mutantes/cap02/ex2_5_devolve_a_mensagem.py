"""Devolve a mensagem inteira (ChatCompletionMessage) em vez do seu content.

Requisito: r2
"""


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    mensagens = [{"role": "user", "content": pergunta}]
    for _ in range(max_voltas):
        resposta = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas)
        mensagem = resposta.choices[0].message
        if not mensagem.tool_calls:
            return mensagem
        mensagens.append(mensagem)
        for chamada in mensagem.tool_calls:
            conteudo = executar_chamada(chamada.function.name, chamada.function.arguments, ferramentas)
            mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": conteudo})
    return f"Parei após {max_voltas} chamadas ao modelo sem uma resposta final."
