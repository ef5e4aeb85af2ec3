"""Só trata o JSON partido: um valor JSON que não é objeto ('[1, 2]', '"rato"') fica como argumentos, sem "erro".

Requisito: r4
"""
# ruff: noqa: F821

import json

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    chamadas = _certo(mensagem)
    for entrada, chamada in zip(chamadas, mensagem.tool_calls or []):
        try:
            entrada["argumentos"] = json.loads(chamada.function.arguments)
        except json.JSONDecodeError:
            continue
        entrada.pop("erro", None)
    return chamadas
