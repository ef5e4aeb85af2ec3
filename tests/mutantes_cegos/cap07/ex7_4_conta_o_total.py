"""Põe no marcador o comprimento total do texto, e não o número de caracteres que ficaram de fora.

Requisito: r3
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError(f"max_chars={max_chars} não chega para o marcador")
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto)) + texto[len(texto) - fim:]
