"""Lê cached_tokens uma vez, da primeira chamada, e usa-o em todas («a cache é da conversa, não da
chamada»).

Requisito: r2
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    if not usos:
        return _certo(usos, precos)
    detalhes = usos[0].get("prompt_tokens_details")
    return _certo([{**uso, "prompt_tokens_details": detalhes} for uso in usos], precos)
