"""Só devolve o texto igual quando é MAIS curto do que max_chars: um texto com exatamente max_chars caracteres é cortado.

Requisito: r1
"""


def limitar_observacao(texto, max_chars):
    if len(texto) < max_chars:
        return texto
    guardados = max_chars - len(marcador(len(texto)))
    if guardados < 0:
        raise ValueError("max_chars pequeno demais")
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
