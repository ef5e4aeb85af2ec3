"""Chama a ferramenta com ferramentas[nome](*argumentos.values()): os argumentos ligam-se pela ordem, não pelo nome.

Requisito: r6
"""
# ruff: noqa: F821

_certo = executar_chamada


def _por_posicao(ferramenta):
    return lambda **argumentos: ferramenta(*argumentos.values())


def executar_chamada(nome, argumentos_json, ferramentas):
    return _certo(nome, argumentos_json, {n: _por_posicao(f) for n, f in ferramentas.items()})
