"""Ignora o codificador que recebe e cria o do curso (curso.offline.codificador()) lá dentro.

Requisito: r7
"""

from curso.offline import codificador as _codificador_do_curso


def contar_tokens_mensagens(mensagens, codificador):
    cod = _codificador_do_curso()

    def n(texto):
        return len(cod.encode(texto)) if isinstance(texto, str) and texto else 0

    total = 3
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
