"""Soma parte["text"] de todas as partes, como se todas tivessem texto: uma parte de imagem rebenta com KeyError.

Requisito: r4
"""


def contar_tokens_mensagens(mensagens, codificador):
    def n(texto):
        return len(codificador.encode(texto)) if texto else 0

    total = 3
    for mensagem in mensagens:
        total += 3 + n(mensagem.get("role"))
        conteudo = mensagem.get("content")
        if isinstance(conteudo, list):
            total += sum(n(parte["text"]) for parte in conteudo)
        else:
            total += n(conteudo)
        if mensagem.get("name"):
            total += 1 + n(mensagem["name"])
        for chamada in mensagem.get("tool_calls") or []:
            total += 3 + n(chamada["function"]["name"]) + n(chamada["function"]["arguments"])
    return total
