"""Lê precos["escrita_em_cache"] sempre que há escrita na cache: sem esse preço, KeyError.

Requisito: r11
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    for uso in usos:
        if (uso.get("prompt_tokens_details") or {}).get("cache_write_tokens"):
            precos["escrita_em_cache"]
    return _certo(usos, precos)
