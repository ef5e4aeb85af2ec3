"""Desconta o marcador como se N tivesse um só dígito (len(marcador(0))): com N de vários dígitos o resultado passa de max_chars.

Requisito: r4
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    if len(marcador(len(texto))) > max_chars:
        raise ValueError("max_chars pequeno demais")
    guardados = max_chars - len(marcador(0))
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
