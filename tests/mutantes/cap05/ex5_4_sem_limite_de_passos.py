"""Sem max_steps não põe limite de passos (max_steps=None: «o orçamento já trava a execução»), em
vez dos 10 do enunciado.

Requisito: r7
"""

_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=None):
    return _certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens,
                  10**6 if max_steps is None else max_steps)
