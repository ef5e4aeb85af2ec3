"""Sem escrita_em_cache nos preços, paga a escrita a 1,25× a entrada (a regra dos modelos novos) em vez de a pagar como entrada.

Requisito: r11
"""

_certo = globals()["custo_da_execucao"]


def custo_da_execucao(usos, precos):
    # o preço da escrita, quando falta, calculado com a regra dos modelos GPT-5.6
    return _certo(usos, {"escrita_em_cache": 1.25 * precos["entrada"], **precos})
