"""Compara a etiqueta tal como veio: " INFRA\n" vai parar ao suporte.

Requisito: r2
"""


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:
        return "suporte"
    return etiqueta if etiqueta in FILAS else "suporte"
