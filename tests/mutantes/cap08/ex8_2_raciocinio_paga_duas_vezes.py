"""Soma os reasoning_tokens à saída, quando já estão dentro de completion_tokens.

Requisito: r3
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        em_cache = (uso.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
        raciocinio = (uso.get("completion_tokens_details") or {}).get("reasoning_tokens") or 0
        saida = uso["completion_tokens"] + raciocinio
        total += ((uso["prompt_tokens"] - em_cache) * precos["entrada"]
                  + em_cache * precos["entrada_em_cache"] + saida * precos["saida"]) / 1_000_000
    return total
