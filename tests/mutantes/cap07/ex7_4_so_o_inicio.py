"""Guarda só o início do texto: o fim (onde costuma estar o erro) perde-se.

Requisito: r2
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError("max_chars pequeno demais")
    return texto[:guardados] + marcador(len(texto) - guardados)
