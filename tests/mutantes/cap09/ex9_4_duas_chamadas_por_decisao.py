"""Pergunta duas vezes ao modelo por decisão (a primeira «para pensar», só com o pedido): o ciclo faz o dobro das chamadas.

Requisito: r10
"""

_decisor_certo = decisor_openai


def decisor_openai(cliente, modelo, esquemas):
    certo = _decisor_certo(cliente, modelo, esquemas)

    def decidir(pedido, historico):
        cliente.chat.completions.create(model=modelo, messages=[{"role": "user", "content": pedido}])
        return certo(pedido, historico)

    return decidir
