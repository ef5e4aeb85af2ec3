"""Sem lista de filas válidas: devolve qualquer etiqueta que o modelo invente.

Requisito: r3
"""


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:
        return "suporte"
    return str(etiqueta).strip().lower() or "suporte"
