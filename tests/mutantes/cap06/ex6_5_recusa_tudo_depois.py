"""Depois da contaminação recusa todas as ferramentas, e não só as de saída.

Requisito: r5
"""

_correr_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=5):
    todas = set(ferramentas) | set(ferramentas_de_saida)  # «por segurança», seja qual for a ferramenta
    return _correr_certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, todas, max_steps)
