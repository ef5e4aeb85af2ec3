"""Cobra o prompt inteiro ao preço de entrada e ainda os cache_write_tokens ao preço de escrita.

Requisito: r10, r11
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    escritos = sum((uso.get("prompt_tokens_details") or {}).get("cache_write_tokens") or 0 for uso in usos)
    return _certo(usos, precos) + escritos * precos["entrada"] / 1_000_000
