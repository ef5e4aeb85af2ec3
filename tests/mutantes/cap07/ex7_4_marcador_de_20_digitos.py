"""Reserva espaço para um marcador com 20 dígitos, «por segurança», em vez de marcador(len(texto)): guarda menos do que podia.

Requisito: r5
"""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    guardados = max_chars - len(marcador(10 ** 19))
    if len(marcador(len(texto))) > max_chars:
        raise ValueError("max_chars pequeno demais")
    guardados = max(guardados, 0)
    inicio = (guardados + 1) // 2
    fim = guardados - inicio
    return texto[:inicio] + marcador(len(texto) - guardados) + texto[len(texto) - fim:]
