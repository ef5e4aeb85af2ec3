"""Procura o preço da cache na chave "em_cache" (que não existe) com o preço de entrada como reserva, e nunca usa "entrada_em_cache".

Requisito: r9
"""


def custo_da_execucao(usos, precos):
    total = 0.0
    for uso in usos:
        detalhes = uso.get("prompt_tokens_details") or {}
        em_cache = detalhes.get("cached_tokens") or 0
        total += (
            (uso["prompt_tokens"] - em_cache) * precos["entrada"]
            + em_cache * precos.get("em_cache", precos["entrada"])
            + uso["completion_tokens"] * precos["saida"]
        ) / 1_000_000
    return total
