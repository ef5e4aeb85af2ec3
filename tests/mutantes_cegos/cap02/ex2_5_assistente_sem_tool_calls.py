"""Acrescenta o assistente como {"role": "assistant", "content": mensagem.content}: perde os tool_calls a que as mensagens tool respondem.

Requisito: r3
"""
# ruff: noqa: F821

from types import SimpleNamespace

_certo = responder_com_ferramentas


def _sem_tool_calls(mensagem):
    if isinstance(mensagem, dict):
        return mensagem
    return {"role": "assistant", "content": mensagem.content}


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    def criar(messages, **pedido):
        return cliente.chat.completions.create(messages=[_sem_tool_calls(m) for m in messages], **pedido)

    cliente_do_aluno = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar)))
    return _certo(cliente_do_aluno, pergunta, ferramentas, esquemas, modelo, max_voltas)
