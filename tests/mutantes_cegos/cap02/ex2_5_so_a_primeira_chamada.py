"""Em cada volta só executa e responde à primeira chamada (tool_calls[0]); as paralelas ficam sem resposta.

Requisito: r4
"""
# ruff: noqa: F821


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    conversa = [{"role": "user", "content": pergunta}]
    voltas = 0
    while voltas < max_voltas:
        voltas += 1
        mensagem = cliente.chat.completions.create(
            model=modelo, messages=conversa, tools=esquemas).choices[0].message
        if not mensagem.tool_calls:
            return mensagem.content
        chamada = mensagem.tool_calls[0]  # «uma ferramenta de cada vez»
        texto = executar_chamada(chamada.function.name, chamada.function.arguments, ferramentas)
        conversa += [mensagem, {"role": "tool", "tool_call_id": chamada.id, "content": texto}]
    return f"Parei após {max_voltas} chamadas ao modelo."
