"""Põe max_steps=10 por omissão, e não os 5 do enunciado.

Requisito: r8
"""

_correr_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=10):
    return _correr_certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
