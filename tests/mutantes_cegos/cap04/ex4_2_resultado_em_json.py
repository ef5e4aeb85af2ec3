"""Devolve o resultado convertido em texto JSON, como o executar_chamada do capítulo 2.

Requisito: r2
"""
# ruff: noqa: F821

import json

_certo = executar_ferramenta


def executar_ferramenta(nome_ferramenta, argumentos):
    return json.dumps(_certo(nome_ferramenta, argumentos), ensure_ascii=False)
