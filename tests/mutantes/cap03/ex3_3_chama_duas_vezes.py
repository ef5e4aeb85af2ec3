"""Chama o classificador uma vez para validar e outra para devolver (duas chamadas pagas, e podem discordar).

Requisito: r1
"""


def rotear(pedido, classificar):
    try:
        if classificar(pedido).strip().lower() in FILAS:
            return classificar(pedido).strip().lower()
    except Exception:
        pass
    return "suporte"
