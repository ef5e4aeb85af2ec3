"""Só conta o content: as chamadas a ferramentas (nome e argumentos) ficam de fora da conta.

Requisito: r6
"""


def contar_tokens_mensagens(mensagens, codificador):
    total = 3
    for mensagem in mensagens:
        conteudo = mensagem.get("content")
        if isinstance(conteudo, list):
            conteudo = " ".join(parte.get("text", "") for parte in conteudo)
        total += 3 + len(codificador.encode(mensagem["role"])) + len(codificador.encode(conteudo or ""))
        if mensagem.get("name"):
            total += 1 + len(codificador.encode(mensagem["name"]))
    return total
