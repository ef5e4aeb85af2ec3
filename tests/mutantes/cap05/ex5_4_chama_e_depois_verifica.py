"""Faz a chamada ao decisor e só depois vê se o total passou do orçamento: essa chamada já foi paga.

Requisito: r3
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    r = _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps)
    if r.get("motivo") == "orcamento":
        decidir(pedido, r["log"])  # a chamada que passou do orçamento já se fez antes de o ver
    return r
