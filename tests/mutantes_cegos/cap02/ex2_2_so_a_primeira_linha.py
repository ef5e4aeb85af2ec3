"""A descrição é só a primeira linha da docstring: um primeiro parágrafo de duas linhas fica cortado.

Requisito: r3
"""
# ruff: noqa: F821

import inspect

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    linhas = (inspect.getdoc(funcao) or "").splitlines()
    esquema["function"]["description"] = linhas[0].strip() if linhas else ""
    return esquema
