"""Junta "responder_final" ao dicionário de ferramentas de quem chamou, para o correr como as outras.

Requisito: r8
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    ferramentas.setdefault("responder_final", lambda texto: texto)  # altera o dicionário que recebeu
    return _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps)
