"""Junta "responder_final" ao dicionário de ferramentas de quem chamou, para o correr como as outras.

Requisito: r11
"""

_correr_certo = correr_com_aprovacao


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    ferramentas.setdefault("responder_final", lambda texto: texto)  # altera o dicionário que recebeu
    return _correr_certo(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps)
