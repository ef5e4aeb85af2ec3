"""Quando correu bem, põe "Feito." na mensagem em vez de None.

Requisito: r4
"""

_agente_certo = agente_simples


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    r = _agente_certo(pedido, decidir)
    if r["ferramenta"] is not None:
        r["mensagem"] = "Feito."
    return r
