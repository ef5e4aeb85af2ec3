"""Não regista o passo de uma ferramenta que devolveu None («não aconteceu nada»): o log perde
passos. Só uma ferramenta que devolve None o mostra.

Requisito: r6
"""

_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    r = _certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    r["log"] = [p for p in r["log"] if p["resultado"] is not None]
    return r
