"""Quando tudo já cabe, devolve a própria lista recebida em vez de uma lista nova.

Requisito: r8
"""

_aparar_certo = aparar_historico


def aparar_historico(mensagens, manter=6):
    r = _aparar_certo(mensagens, manter)
    return mensagens if r == mensagens else r
