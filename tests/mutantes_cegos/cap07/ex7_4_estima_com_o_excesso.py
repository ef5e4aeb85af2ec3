"""Mede o marcador com o excesso (len(texto) - max_chars) em vez de len(texto), e guarda um número de caracteres diferente do que a conta do enunciado dá.

Requisito: r5
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto) - max_chars))
    if guardados < 0:
        raise ValueError(f"max_chars={max_chars} não chega para o marcador")
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
