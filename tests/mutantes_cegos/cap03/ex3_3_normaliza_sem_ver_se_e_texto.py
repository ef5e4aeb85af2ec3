"""Normaliza a resposta sem ver se é texto: quando o classificador devolve None ou 42, o router rebenta.

Requisito: r5
"""
# ruff: noqa: F821


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:
        return "suporte"
    etiqueta = etiqueta.strip().lower()  # AttributeError com None ou com um número
    return etiqueta if etiqueta in FILAS else "suporte"
