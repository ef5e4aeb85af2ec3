"""Pergunta o custo a contar_tokens duas vezes por passo com o mesmo log (uma para um registo, outra
para decidir): contar_tokens não tem efeitos, e o enunciado deixa chamá-la as vezes que quiseres."""

_certo = correr_com_orcamento


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    registo = []

    def contar_duas_vezes(pedido, log):
        registo.append(contar_tokens(pedido, log))
        return contar_tokens(pedido, log)

    return _certo(pedido, decidir, ferramentas, orcamento_tokens, contar_duas_vezes, max_steps)
