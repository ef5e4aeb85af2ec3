"""Chama o decisor com um log vazio em cada passo: ele nunca vê o que já aconteceu.

Requisito: r1
"""

_correr_certo = correr_com_aprovacao


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    return _correr_certo(pedido, lambda p, log: decidir(p, []), ferramentas, allowlist, irreversiveis, aprovar,
                         max_steps)
