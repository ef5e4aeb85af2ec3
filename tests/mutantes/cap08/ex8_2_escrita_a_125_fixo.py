"""Sem preço de escrita, usa 1,25× a entrada (a regra das famílias novas), em vez do preço de entrada.

Requisito: r11
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    return _certo(usos, {"escrita_em_cache": 1.25 * precos["entrada"], **precos})
