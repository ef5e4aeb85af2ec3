"""Não lê cache_write_tokens: os tokens escritos na cache pagam o preço de entrada, também quando
há um preço de escrita.

Requisito: r10
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return _certo(usos, {**precos, "escrita_em_cache": precos["entrada"]})
