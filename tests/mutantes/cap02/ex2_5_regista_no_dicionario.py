"""Para depurar, troca no dicionário ferramentas cada função por uma que guarda as chamadas numa
lista: o dicionário de quem chama fica com outras funções lá dentro.

Requisito: r10
"""


REGISTO_DE_DEPURACAO = []


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    for nome, funcao in list(ferramentas.items()):
        def com_registo(*args, _funcao=funcao, _nome=nome, **kwargs):
            resultado = _funcao(*args, **kwargs)
            REGISTO_DE_DEPURACAO.append((_nome, kwargs, resultado))
            return resultado

        ferramentas[nome] = com_registo
    mensagens = [{"role": "user", "content": pergunta}]
    for _ in range(max_voltas):
        resposta = cliente.chat.completions.create(model=modelo, messages=mensagens, tools=esquemas)
        mensagem = resposta.choices[0].message
        if not mensagem.tool_calls:
            return mensagem.content
        mensagens.append(mensagem)
        for chamada in mensagem.tool_calls:
            conteudo = executar_chamada(chamada.function.name, chamada.function.arguments, ferramentas)
            mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": conteudo})
    return f"Parei após {max_voltas} chamadas ao modelo sem uma resposta final."
