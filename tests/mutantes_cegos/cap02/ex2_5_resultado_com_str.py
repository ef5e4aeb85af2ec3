"""Corre a ferramenta à mão e manda str(resultado) no content, em vez do texto de executar_chamada.

Requisito: r5
"""
# ruff: noqa: F821

import json
import types

_certo = responder_com_ferramentas


def _executar_a_mao(nome, argumentos_json, ferramentas):
    return str(ferramentas[nome](**json.loads(argumentos_json)))


# a solução, com a chamada a executar_chamada trocada pela do aluno
responder_com_ferramentas = types.FunctionType(
    _certo.__code__, {**_certo.__globals__, "executar_chamada": _executar_a_mao},
    _certo.__name__, _certo.__defaults__, _certo.__closure__)
