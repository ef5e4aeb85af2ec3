"""Depois do último passo ainda conta o custo da chamada seguinte: se passasse do orçamento, diz "orcamento".

Requisito: r6
"""

_correr_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    custos = []

    def contar(p, log):
        custos.append(contar_tokens(p, log))
        return custos[-1]

    r = _correr_certo(pedido, decidir, ferramentas, orcamento_tokens, contar, max_steps)
    if r.get("motivo") == "max_steps atingido" and sum(custos) + contar_tokens(pedido, r["log"]) > orcamento_tokens:
        r["motivo"] = "orcamento"
    return r
