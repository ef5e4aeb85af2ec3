"""Converte o resultado com json.dumps(resultado), sem ensure_ascii=False: "maçã" sai "ma\\u00e7\\u00e3".

Requisito: r5
"""
# ruff: noqa: F821

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    texto = _certo(nome, argumentos_json, ferramentas)
    if texto.startswith("Erro"):
        return texto
    return json.dumps(json.loads(texto))
