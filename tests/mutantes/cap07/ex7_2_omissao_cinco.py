"""Põe manter=5 por omissão, e não 6 como diz a assinatura.

Requisito: r9
"""

_aparar_certo = aparar_historico


def aparar_historico(mensagens, manter=5):
    return _aparar_certo(mensagens, manter)
