"""Junta "responder_final" ao dicionário de ferramentas de quem chamou, para o correr como as outras.

Requisito: r12
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    ferramentas.setdefault("responder_final", lambda texto: texto)  # altera o dicionário que recebeu
    return _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
