"""Diz no marcador quantos caracteres passavam do limite (len − max_chars), não quantos ficaram de fora.

Requisito: r3
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError("max_chars pequeno demais")
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - max_chars) + texto[len(texto) - fim:]
