"""Chama a ferramenta com os valores dos argumentos por posição (*argumentos.values()), não por nome.

Requisito: r5
"""
# ruff: noqa: F821

_certo = correr_ciclo


def _por_posicao(ferramenta):
    return lambda **argumentos: ferramenta(*argumentos.values())


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, decidir, {n: _por_posicao(f) for n, f in ferramentas.items()}, max_passos)
