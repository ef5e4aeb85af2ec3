"""Converte os argumentos com dict(json.loads(...)) e só apanha JSONDecodeError: '"rato"' ou '5' rebentam.

Requisito: r5
"""

import json


def extrair_chamadas(mensagem):
    chamadas = []
    for chamada in mensagem.tool_calls or []:
        entrada = {"id": chamada.id, "nome": chamada.function.name}
        try:
            entrada["argumentos"] = dict(json.loads(chamada.function.arguments))
        except json.JSONDecodeError as erro:
            entrada.update(argumentos=None, erro=f"os argumentos não são JSON válido: {erro}")
        chamadas.append(entrada)
    return chamadas
