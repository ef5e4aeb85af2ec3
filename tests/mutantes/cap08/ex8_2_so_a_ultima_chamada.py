"""Atribui em vez de somar (total = ... em vez de total += ...): fica só o custo da última chamada.

Requisito: r5
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        em_cache = (uso.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
        total = ((uso["prompt_tokens"] - em_cache) * precos["entrada"] + em_cache * precos["entrada_em_cache"]
                 + uso["completion_tokens"] * precos["saida"]) / 1_000_000
    return total
