"""Confirma que o histórico não começa numa resposta de ferramenta lendo mensagens[0] sem ver se a
lista está vazia: uma lista vazia rebenta com IndexError.

Requisito: r11
"""

_certo = aparar_historico


def aparar_historico(mensagens, manter=6):
    if mensagens[0]["role"] == "tool":
        raise ValueError("o histórico não pode começar numa resposta de ferramenta")
    return _certo(mensagens, manter)
