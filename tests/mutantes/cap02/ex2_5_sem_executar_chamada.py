"""Corre a ferramenta diretamente com json.loads e str(resultado): argumentos partidos rebentam o ciclo.

Requisito: r5
"""


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    mensagens = [{"role": "user", "content": pergunta}]
    for _ in range(max_voltas):
        mensagem = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas).choices[0].message
        if not mensagem.tool_calls:
            return mensagem.content
        mensagens.append(mensagem)
        for chamada in mensagem.tool_calls:
            resultado = ferramentas[chamada.function.name](**json.loads(chamada.function.arguments))
            mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": str(resultado)})
    return f"Parei após {max_voltas} chamadas."
