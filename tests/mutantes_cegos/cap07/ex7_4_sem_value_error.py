"""Não confere se o marcador cabe: com um max_chars pequeno de mais, devolve um texto qualquer em vez de lançar ValueError.

Requisito: r7
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max(max_chars - len(marcador(len(texto))), 0)
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
