"""Conta a resposta final à parte e põe max_steps=6 por omissão («5 ferramentas e a resposta»), e
não os 5 do enunciado.

Requisito: r8
"""

_certo = correr_com_contaminacao


def correr_com_contaminacao(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida,
                            max_steps=6):
    return _certo(pedido, decidir, ferramentas, fontes_nao_confiaveis, ferramentas_de_saida, max_steps)
