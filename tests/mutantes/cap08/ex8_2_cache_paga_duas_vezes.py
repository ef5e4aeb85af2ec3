"""Cobra todos os prompt_tokens ao preço de entrada e ainda os cached_tokens ao preço da cache.

Requisito: r2
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    em_cache = sum((uso.get("prompt_tokens_details") or {}).get("cached_tokens") or 0 for uso in usos)
    return _certo(usos, precos) + em_cache * precos["entrada"] / 1_000_000
