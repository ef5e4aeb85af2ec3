"""Usa a regra antiga de 4 tokens fixos por mensagem (a de modelos mais velhos), em vez de 3.

Requisito: r2
"""


def contar_tokens_mensagens(mensagens, codificador):
    total = 3
    for mensagem in mensagens:
        total += 4 + len(codificador.encode(mensagem["role"]))
        conteudo = mensagem.get("content")
        if isinstance(conteudo, list):
            conteudo = "".join(parte.get("text", "") for parte in conteudo)
        total += len(codificador.encode(conteudo or ""))
        if mensagem.get("name"):
            total += 1 + len(codificador.encode(mensagem["name"]))
        for chamada in mensagem.get("tool_calls") or []:
            funcao = chamada["function"]
            total += 3 + len(codificador.encode(funcao["name"])) + len(codificador.encode(funcao["arguments"]))
    return total
