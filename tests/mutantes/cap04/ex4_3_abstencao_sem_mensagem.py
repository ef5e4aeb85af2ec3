"""Na abstenção devolve None em tudo, também na mensagem: o utilizador não sabe porquê.

Requisito: r3
"""

_agente_certo = agente_simples


def agente_simples(pedido, decidir=None):
    if decidir is None:
        decidir = decidir_ferramenta_e_argumentos
    r = _agente_certo(pedido, decidir)
    if r["ferramenta"] is None:
        r["mensagem"] = None
    return r
