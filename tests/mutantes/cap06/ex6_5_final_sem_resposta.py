"""Termina no responder_final com concluido=True, mas deixa a resposta só no log.

Requisito: r6
"""

_correr_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    r = _correr_certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
    r.pop("resposta", None)
    return r
