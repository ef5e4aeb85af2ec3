"""Sem nenhuma mensagem user não há nada a aparar: devolve a própria lista recebida em vez de uma lista nova.

Requisito: r8
"""

_certo = globals()["aparar_historico"]


def aparar_historico(mensagens, manter=6):
    if not any(m.get("role") == "user" for m in mensagens):
        return mensagens
    return _certo(mensagens, manter)
