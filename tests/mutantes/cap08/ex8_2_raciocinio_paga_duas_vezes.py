"""Soma os reasoning_tokens à saída, quando já estão dentro de completion_tokens.

Requisito: r3
"""

_certo = custo_da_execucao


def custo_da_execucao(usos, precos):
    raciocinio = sum((uso.get("completion_tokens_details") or {}).get("reasoning_tokens") or 0 for uso in usos)
    return _certo(usos, precos) + raciocinio * precos["saida"] / 1_000_000
