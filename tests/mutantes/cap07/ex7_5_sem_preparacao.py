"""Esquece os 3 tokens de preparação da resposta (só soma as mensagens).

Requisito: r1
"""

_contar_com_preparacao = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    return _contar_com_preparacao(mensagens, codificador) - 3
