"""Normaliza os detalhes em falta escrevendo-os nos próprios usage recebidos (uso["prompt_tokens_details"] = ...).

Requisito: r8
"""

_custo_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    for uso in usos:
        uso["prompt_tokens_details"] = uso.get("prompt_tokens_details") or {"cached_tokens": 0}
    return _custo_certo(usos, precos)
