"""Pede com uma mensagem de sistema, tool_choice="auto" e temperature=0 (o enunciado deixa-os ao teu
critério), e lê a primeira chamada com um for que sai logo."""


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo,
        messages=[{"role": "system", "content": "Escolhe uma ferramenta só se ela servir."},
                  {"role": "user", "content": pedido}],
        tools=ESQUEMAS_FERRAMENTAS, tool_choice="auto", temperature=0,
    )
    for chamada in resposta.choices[0].message.tool_calls or []:
        return chamada.function.name, json.loads(chamada.function.arguments)
    return None
