"""Guarda só o início do texto e põe o marcador no fim, perdendo o fim (onde costuma estar o erro).

Requisito: r2
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError(f"max_chars={max_chars} não chega para o marcador")
    return texto[:guardados] + marcador(len(texto) - guardados)
