"""Põe uma mensagem também quando correu bem («ok»), em vez de None.

Requisito: r1, r4
"""

_agente_certo = agente_simples


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    resultado = _agente_certo(pedido, decidir)
    if resultado["ferramenta"] is not None:
        resultado["mensagem"] = "ok"
    return resultado
