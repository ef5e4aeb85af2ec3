"""Devolve sempre as mesmas chaves: quando um limite corta a execução, põe "resposta": None ao lado do motivo.

Requisito: r9
"""

import time

_certo = globals()["correr_com_limites"]


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    resultado = _certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    return {"concluido": resultado["concluido"], "resposta": resultado.get("resposta"), **resultado}
