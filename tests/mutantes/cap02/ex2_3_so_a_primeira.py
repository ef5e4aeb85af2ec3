"""Lê só a primeira chamada (tool_calls[0]), como se o modelo nunca pedisse várias em paralelo.

Requisito: r1
"""


def extrair_chamadas(mensagem):
    if not mensagem.tool_calls:
        return []
    c = mensagem.tool_calls[0]
    try:
        argumentos = json.loads(c.function.arguments)
    except json.JSONDecodeError as erro:
        return [{"id": c.id, "nome": c.function.name, "argumentos": None, "erro": str(erro)}]
    return [{"id": c.id, "nome": c.function.name, "argumentos": argumentos}]
