"""Regista o resultado da ferramenta convertido em texto, e não tal como a ferramenta o devolveu.

Requisito: r6
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    em_texto = {nome: _em_texto(f) for nome, f in ferramentas.items()}
    return _correr_certo(pedido, decidir, em_texto, max_steps, timeout_segundos, relogio)


def _em_texto(ferramenta):
    return lambda **argumentos: str(ferramenta(**argumentos))
