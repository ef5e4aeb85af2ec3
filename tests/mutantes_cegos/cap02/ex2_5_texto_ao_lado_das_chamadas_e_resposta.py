"""Decide pelo texto: uma mensagem com content é a resposta, mesmo quando traz também tool_calls.

Requisito: r2
"""
# ruff: noqa: F821

from types import SimpleNamespace

_certo = responder_com_ferramentas


class _Respondeu(Exception):
    pass


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    def criar(**pedido):
        resposta = cliente.chat.completions.create(**pedido)
        if resposta.choices[0].message.content:  # «o modelo escreveu texto: é a resposta»
            raise _Respondeu(resposta.choices[0].message.content)
        return resposta

    cliente_do_aluno = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar)))
    try:
        return _certo(cliente_do_aluno, pergunta, ferramentas, esquemas, modelo, max_voltas)
    except _Respondeu as respondeu:
        return respondeu.args[0]
