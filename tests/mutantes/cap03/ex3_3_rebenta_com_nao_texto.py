"""Faz strip() sem ver se a etiqueta é texto: None ou 3 fazem rebentar o router.

Requisito: r5
"""


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:  # um classificador que falha não pode deitar abaixo o router
        return "suporte"
    etiqueta = etiqueta.strip().lower()
    return etiqueta if etiqueta in FILAS else "suporte"
