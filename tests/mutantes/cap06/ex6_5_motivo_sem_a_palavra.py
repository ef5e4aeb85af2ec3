"""Recusa a ferramenta de saída com um motivo que não diz porquê («ferramenta de saída bloqueada»).

Requisito: r3
"""

_correr_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    r = _correr_certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
    for passo in r["log"]:
        if passo["aprovada"] is False:
            passo["motivo_rejeicao"] = "ferramenta de saída bloqueada"
    return r
