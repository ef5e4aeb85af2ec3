"""Assume que prompt_tokens_details e cached_tokens estão sempre lá, com um número.

Requisito: r4
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    for uso in usos:
        uso["prompt_tokens_details"]["cached_tokens"] + 0   # sem detalhes, ou com None, rebenta aqui
    return _certo(usos, precos)
