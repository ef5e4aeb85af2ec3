"""Divide os caracteres guardados com guardados // 2 para o início, e o carácter a mais de um número ímpar vai para o fim.

Requisito: r6
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError(f"max_chars={max_chars} não chega para o marcador")
    inicio = guardados // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
