"""Não confirma que o JSON é um objeto: '[1, 2]' vai para ferramentas[nome](**argumentos) e sai como "Erro ao executar".

Requisito: r3
"""
# ruff: noqa: F821

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome in ferramentas:
        try:
            argumentos = json.loads(argumentos_json)
        except (TypeError, ValueError):
            argumentos = {}
        if not isinstance(argumentos, dict):
            try:
                return json.dumps(ferramentas[nome](**argumentos), ensure_ascii=False)
            except Exception as erro:
                return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    return _certo(nome, argumentos_json, ferramentas)
