"""Dá o carácter a mais ao fim, e não ao início, quando guardados é ímpar.

Requisito: r6
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError("max_chars pequeno demais")
    fim = (guardados + 1) // 2
    inicio = guardados - fim
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
