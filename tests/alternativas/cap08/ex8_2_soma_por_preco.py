"""Soma primeiro os tokens de cada preço em toda a execução e só no fim multiplica pelos preços."""


def custo_da_execucao(usos, precos):
    detalhes = [uso.get("prompt_tokens_details") or {} for uso in usos]
    lidos = sum(d.get("cached_tokens") or 0 for d in detalhes)
    escritos = sum(d.get("cache_write_tokens") or 0 for d in detalhes)
    entrada = sum(uso["prompt_tokens"] for uso in usos) - lidos - escritos
    saida = sum(uso["completion_tokens"] for uso in usos)
    escrita = precos.get("escrita_em_cache", precos["entrada"])
    return (entrada * precos["entrada"] + lidos * precos["entrada_em_cache"] + escritos * escrita
            + saida * precos["saida"]) / 1_000_000
