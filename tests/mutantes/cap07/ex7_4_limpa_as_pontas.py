"""Limpa o texto com strip() antes de o medir: um texto que já cabia perde os espaços e as mudanças
de linha das pontas.

Requisito: r1
"""

_certo = limitar_observacao


def limitar_observacao(texto, max_chars):
    return _certo(texto.strip(), max_chars)
