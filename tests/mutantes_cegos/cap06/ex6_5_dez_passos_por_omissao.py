"""Usa max_steps=10 por omissão em vez de 5.

Requisito: r8
"""

_certo = globals()["correr_com_contaminacao"]


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=10):
    return _certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
