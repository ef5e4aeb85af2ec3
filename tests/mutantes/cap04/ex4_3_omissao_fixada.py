"""Fixa o decisor por omissão quando o def corre: uma correção posterior ao 4.1 não chega ao agente.

Requisito: r1
"""

_agente_certo = agente_simples


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    return _agente_certo(pedido, decidir)
