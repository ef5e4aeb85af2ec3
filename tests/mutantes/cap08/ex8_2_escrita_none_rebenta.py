"""Lê cache_write_tokens com .get(..., 0): quando vem None, a conta rebenta com TypeError.

Requisito: r12
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    for uso in usos:
        (uso.get("prompt_tokens_details") or {}).get("cache_write_tokens", 0) + 0
    return _certo(usos, precos)
