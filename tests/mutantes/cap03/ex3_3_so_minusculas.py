"""Passa a etiqueta para minúsculas mas não tira os espaços: " INFRA\n" vai parar ao suporte.

Requisito: r2
"""


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:  # um classificador que falha não pode deitar abaixo o router
        return "suporte"
    if not isinstance(etiqueta, str):
        return "suporte"
    etiqueta = etiqueta.lower()
    return etiqueta if etiqueta in FILAS else "suporte"
