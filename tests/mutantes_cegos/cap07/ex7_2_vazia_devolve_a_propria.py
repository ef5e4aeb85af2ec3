"""Com uma lista vazia, devolve a própria lista que recebeu (return mensagens) em vez de uma lista nova.

Requisito: r8
"""

_certo = globals()["aparar_historico"]


def aparar_historico(mensagens, manter=6):
    if not mensagens:
        return mensagens
    return _certo(mensagens, manter)
