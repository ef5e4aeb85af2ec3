"""Põe sempre a chave "motivo", também quando a execução conclui (com "motivo": None).

Requisito: r13
"""

import time

_certo = globals()["correr_com_limites"]


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    resultado = _certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    return {"motivo": None, **resultado}
