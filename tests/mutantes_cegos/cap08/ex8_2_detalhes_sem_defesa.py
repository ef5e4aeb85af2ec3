"""Lê os detalhes com .get(..., {}) e .get("cached_tokens", 0), que rebentam quando os detalhes ou os cached_tokens vêm a None.

Requisito: r4
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        em_cache = uso.get("prompt_tokens_details", {}).get("cached_tokens", 0)
        total += (
            (uso["prompt_tokens"] - em_cache) * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
