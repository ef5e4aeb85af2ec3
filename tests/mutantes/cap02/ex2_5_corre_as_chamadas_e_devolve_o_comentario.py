"""Quando o modelo escreve texto ao lado das chamadas, corre-as e devolve logo esse texto, sem voltar ao modelo com os resultados.

Requisito: r2
"""

from types import SimpleNamespace

_certo = responder_com_ferramentas


class _JaRespondeu(Exception):
    pass


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    comentario = []

    def criar(**pedido):
        if comentario:  # as chamadas da volta anterior já correram: «a resposta era o texto»
            raise _JaRespondeu
        resposta = cliente.chat.completions.create(**pedido)
        mensagem = resposta.choices[0].message
        if mensagem.tool_calls and mensagem.content:
            comentario.append(mensagem.content)
        return resposta

    intermediario = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=criar)))
    try:
        resposta = _certo(intermediario, pergunta, ferramentas, esquemas, modelo, max_voltas)
    except _JaRespondeu:
        return comentario[0]
    return comentario[0] if comentario else resposta
