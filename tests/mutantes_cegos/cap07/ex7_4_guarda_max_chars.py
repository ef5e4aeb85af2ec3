"""Guarda max_chars caracteres do texto e junta-lhes o marcador, sem descontar o tamanho do marcador: o resultado passa de max_chars.

Requisito: r4
"""


def marcador(omitidos):
    return f"[... {omitidos} caracteres omitidos ...]"


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    if max_chars < len(marcador(len(texto))):
        raise ValueError(f"max_chars={max_chars} não chega para o marcador")
    inicio = (max_chars + 1) // 2
    fim = max_chars - inicio
    return texto[:inicio] + marcador(len(texto) - max_chars) + texto[len(texto) - fim:]
