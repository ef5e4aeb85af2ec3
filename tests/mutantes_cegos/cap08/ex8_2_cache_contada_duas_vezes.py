"""Paga todos os prompt_tokens ao preço de entrada e ainda os cached_tokens ao preço da cache, contando a cache duas vezes.

Requisito: r2
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        total += (
            uso["prompt_tokens"] * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
