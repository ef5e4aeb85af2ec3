"""Conta uma lista de partes pelo seu str() (com as chaves, as aspas e o "type"), em vez do "text" de cada parte.

Requisito: r4
"""

_contar = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    copia = [{**m, "content": str(m["content"])} if isinstance(m.get("content"), list) else m for m in mensagens]
    return _contar(copia, codificador)
