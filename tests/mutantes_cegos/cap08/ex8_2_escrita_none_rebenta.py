"""Defende os cached_tokens a None, mas lê a escrita com .get("cache_write_tokens", 0), que devolve None quando o campo vem a None e rebenta na conta.

Requisito: r12
"""


def custo_da_execucao(usos, precos):
    escrita = precos.get("escrita_em_cache", precos["entrada"])
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        escritos = detalhes.get("cache_write_tokens", 0)
        total += (
            (uso["prompt_tokens"] - em_cache - escritos) * precos["entrada"]
            + em_cache * precos["entrada_em_cache"]
            + escritos * escrita
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
