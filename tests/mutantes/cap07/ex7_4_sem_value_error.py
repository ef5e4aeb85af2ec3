"""Não verifica se o marcador cabe: com max_chars pequeno demais devolve o marcador, maior do que o limite, sem lançar ValueError.

Requisito: r7
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max(max_chars - len(marcador(len(texto))), 0)
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
