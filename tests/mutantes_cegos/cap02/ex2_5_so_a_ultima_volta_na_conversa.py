"""Em cada volta manda só a pergunta e a última troca (assistente + tool): as voltas anteriores perdem-se.

Requisito: r6
"""
# ruff: noqa: F821

from types import SimpleNamespace

_certo = responder_com_ferramentas


def _ultima_troca(mensagens):
    assistentes = [i for i, m in enumerate(mensagens)
                   if not isinstance(m, dict) or m.get("role") == "assistant"]
    return mensagens[:1] + mensagens[assistentes[-1]:] if assistentes else mensagens


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    def criar(messages, **pedido):
        return cliente.chat.completions.create(messages=_ultima_troca(messages), **pedido)

    cliente_do_aluno = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar)))
    return _certo(cliente_do_aluno, pergunta, ferramentas, esquemas, modelo, max_voltas)
