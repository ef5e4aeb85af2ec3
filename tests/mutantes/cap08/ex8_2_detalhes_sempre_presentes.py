"""Assume que prompt_tokens_details e cached_tokens estão sempre lá, com um número.

Requisito: r4
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        em_cache = uso["prompt_tokens_details"]["cached_tokens"]
        total += ((uso["prompt_tokens"] - em_cache) * precos["entrada"]
                  + em_cache * precos["entrada_em_cache"]
                  + uso["completion_tokens"] * precos["saida"]) / 1_000_000
    return total
