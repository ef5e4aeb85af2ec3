"""Tem a alternativa para etiquetas inventadas, mas não apanha a exceção do classificador.

Requisito: r4
"""


def rotear(pedido, classificar):
    etiqueta = str(classificar(pedido)).strip().lower()
    return etiqueta if etiqueta in FILAS else "suporte"
