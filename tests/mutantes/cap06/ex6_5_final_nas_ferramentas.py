"""Junta "responder_final" ao dicionário de ferramentas de quem chamou, para o correr como as outras.

Requisito: r9
"""

_correr_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps=5):
    ferramentas.setdefault("responder_final", lambda texto: texto)  # altera o dicionário que recebeu
    return _correr_certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
