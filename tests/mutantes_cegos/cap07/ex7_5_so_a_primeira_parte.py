"""Num content que é uma lista de partes, conta só o texto da primeira parte.

Requisito: r4
"""


def contar_tokens_mensagens(mensagens, codificador):
    def n(texto):
        return len(codificador.encode(texto)) if isinstance(texto, str) and texto else 0

    total = 3
    for mensagem in mensagens:
        total += 3 + n(mensagem.get("role"))
        conteudo = mensagem.get("content")
        if isinstance(conteudo, list):
            total += n(conteudo[0].get("text")) if conteudo else 0
        else:
            total += n(conteudo)
        if mensagem.get("name"):
            total += 1 + n(mensagem["name"])
        for chamada in mensagem.get("tool_calls") or []:
            total += 3 + n(chamada["function"]["name"]) + n(chamada["function"]["arguments"])
    return total
