"""Soma os reasoning_tokens aos completion_tokens, pagando o raciocínio duas vezes.

Requisito: r3
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        raciocinio = (uso.get("completion_tokens_details") or {}).get("reasoning_tokens") or 0
        total += (
            (uso["prompt_tokens"] - em_cache) * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + (uso["completion_tokens"] + raciocinio) * precos["saida"]
        ) / 1_000_000
    return total
