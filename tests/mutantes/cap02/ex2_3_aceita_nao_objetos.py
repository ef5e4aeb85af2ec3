"""Trata o erro de JSON mas aceita qualquer valor JSON (uma lista, um texto) como argumentos.

Requisito: r4
"""


def extrair_chamadas(mensagem):
    chamadas = []
    for c in mensagem.tool_calls or []:
        try:
            chamadas.append({"id": c.id, "nome": c.function.name, "argumentos": json.loads(c.function.arguments)})
        except json.JSONDecodeError as erro:
            chamadas.append({"id": c.id, "nome": c.function.name, "argumentos": None, "erro": str(erro)})
    return chamadas
