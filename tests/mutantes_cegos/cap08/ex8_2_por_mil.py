"""Lê os preços como preços por mil tokens e divide por 1 000 em vez de 1 000 000.

Requisito: r1
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        total += (
            (uso["prompt_tokens"] - em_cache) * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000
    return total
