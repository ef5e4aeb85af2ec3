"""Esquece os 3 tokens da preparação da resposta e começa a conta em 0.

Requisito: r1
"""


def contar_tokens_mensagens(mensagens, codificador):
    def n(texto):
        return len(codificador.encode(texto)) if isinstance(texto, str) and texto else 0

    total = 0
    for mensagem in mensagens:
        total += 3 + n(mensagem.get("role"))
        conteudo = mensagem.get("content")
        if isinstance(conteudo, list):
            total += sum(n(parte.get("text")) for parte in conteudo if isinstance(parte, dict))
        else:
            total += n(conteudo)
        if mensagem.get("name"):
            total += 1 + n(mensagem["name"])
        for chamada in mensagem.get("tool_calls") or []:
            total += 3 + n(chamada["function"]["name"]) + n(chamada["function"]["arguments"])
    return total
