"""Usa texto[-fim:] para o fim: quando fim é 0, isso é o texto inteiro.

Requisito: r2
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError("max_chars pequeno demais")
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[-fim:]
