"""Pede no máximo uma chamada (parallel_tool_calls=False), com tool_choice="auto", uma mensagem de
sistema antes da do utilizador e max_tokens: escolhas válidas da API, que o modelo falso respeita."""


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo,
        messages=[
            {"role": "system", "content": "És o assistente de uma loja. Usa as ferramentas quando servirem."},
            {"role": "user", "content": pedido},
        ],
        tools=ESQUEMAS_FERRAMENTAS,
        tool_choice="auto",
        parallel_tool_calls=False,
        max_tokens=200,
    )
    mensagem = resposta.choices[0].message
    if mensagem.tool_calls is None or len(mensagem.tool_calls) == 0:
        return None
    funcao = mensagem.tool_calls[0].function
    argumentos = json.loads(funcao.arguments)
    return (funcao.name, argumentos)
