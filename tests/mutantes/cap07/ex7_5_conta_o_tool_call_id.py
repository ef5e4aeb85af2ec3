"""Conta também o tool_call_id das mensagens tool, que a regra diz que não conta.

Requisito: r8
"""

_contar = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    extra = sum(len(codificador.encode(m["tool_call_id"])) for m in mensagens if m.get("tool_call_id"))
    return _contar(mensagens, codificador) + extra
