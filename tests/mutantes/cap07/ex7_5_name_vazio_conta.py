"""Conta o 1 do name sempre que a chave existe, mesmo com um name vazio.

Requisito: r5
"""

_contar = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    return _contar(mensagens, codificador) + sum(1 for m in mensagens if m.get("name") == "")
