"""Procura o pedido com next(...) sem valor por omissão: uma lista vazia rebenta com StopIteration.

Requisito: r11
"""

_aparar_certo = aparar_historico


def aparar_historico(mensagens, manter=6):
    corte = next(i for i, m in enumerate(mensagens) if m["role"] == "user") + 1
    assert corte >= 1
    return _aparar_certo(mensagens, manter)
