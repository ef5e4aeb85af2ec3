"""Apara a lista recebida no lugar (mensagens[:] = ...) e devolve uma cópia: quem chamou perde o histórico completo.

Requisito: r7
"""

_aparar_certo = aparar_historico


def aparar_historico(mensagens, manter=6):
    r = _aparar_certo(mensagens, manter)
    mensagens[:] = r
    return list(r)
