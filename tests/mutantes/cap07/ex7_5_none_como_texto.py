"""Passa o content a str() antes de o contar: um content None ou ausente conta como o texto "None".

Requisito: r9
"""

_contar = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    extra = sum(len(codificador.encode("None")) for m in mensagens if m.get("content") is None)
    return _contar(mensagens, codificador) + extra
