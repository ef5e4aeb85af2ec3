"""Corta a resposta no erro aos 20 caracteres («para não encher o registo»): o texto do erro já
não mostra o que veio.

Requisito: r5
"""

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    respostas = []
    r = _certo(documento, lambda prompt: respostas.append(chamar_modelo(prompt)) or respostas[-1])
    if not r["ok"]:
        r["erro"] = f"e-mail inválido: {respostas[0].strip()[:20]!r}…"
    return r
