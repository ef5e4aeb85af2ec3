"""Compara a etiqueta tal como veio: " INFRA\n" vai parar ao suporte, e uma resposta que não se pode
procurar num conjunto (uma lista) rebenta o router.

Requisito: r2, r5
"""


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except Exception:
        return "suporte"
    return etiqueta if etiqueta in FILAS else "suporte"
