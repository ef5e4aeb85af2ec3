"""Cobra todos os tokens (entrada e saída) ao preço de entrada, ignorando que a saída é mais cara.

Requisito: r9
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        em_cache = (uso.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
        total += ((uso["prompt_tokens"] - em_cache + uso["completion_tokens"]) * precos["entrada"]
                  + em_cache * precos["entrada_em_cache"]) / 1_000_000
    return total
