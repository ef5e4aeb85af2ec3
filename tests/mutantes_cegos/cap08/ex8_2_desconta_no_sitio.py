"""Tira os cached_tokens aos prompt_tokens no próprio dicionário de cada uso, e altera a lista que recebe.

Requisito: r8
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        uso["prompt_tokens"] -= em_cache  # o que sobra paga o preço de entrada
        total += (
            uso["prompt_tokens"] * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
