"""Chama json.loads sobre os argumentos sem tratar o erro: argumentos partidos rebentam tudo.

Requisito: r5
"""


def extrair_chamadas(mensagem):
    return [{"id": c.id, "nome": c.function.name, "argumentos": json.loads(c.function.arguments)}
            for c in mensagem.tool_calls or []]
