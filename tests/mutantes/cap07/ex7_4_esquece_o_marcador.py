"""Guarda max_chars caracteres do texto e só depois acrescenta o marcador: o resultado passa do limite.

Requisito: r4, r7
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    inicio = (max_chars + 1) // 2
    fim = max_chars - inicio
    return texto[:inicio] + marcador(len(texto) - max_chars) + texto[len(texto) - fim:]
