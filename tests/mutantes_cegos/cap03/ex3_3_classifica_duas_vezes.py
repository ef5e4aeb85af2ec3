"""Chama classificar duas vezes: uma para ver se a fila é válida e outra para a devolver.

Requisito: r1
"""
# ruff: noqa: F821


def rotear(pedido, classificar):
    try:
        if classificar(pedido).strip().lower() in FILAS:
            return classificar(pedido).strip().lower()
    except Exception:
        pass
    return "suporte"
