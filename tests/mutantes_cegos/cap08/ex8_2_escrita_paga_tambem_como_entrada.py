"""Paga os cache_write_tokens ao preço escrita_em_cache mas não os tira de prompt_tokens, e a escrita paga também como entrada.

Requisito: r10
"""


def custo_da_execucao(usos, precos):
    escrita = precos.get("escrita_em_cache", precos["entrada"])
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        escritos = detalhes.get("cache_write_tokens") or 0
        total += (
            (uso["prompt_tokens"] - em_cache) * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + escritos * escrita
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
