"""Chama o decisor uma vez «para ver» e deixa o agente chamá-lo outra vez: com um modelo, paga dois pedidos.

Requisito: r2
"""

_agente_certo = agente_simples


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    decidir(pedido)
    return _agente_certo(pedido, decidir)
