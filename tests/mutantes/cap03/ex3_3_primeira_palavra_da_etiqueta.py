"""Fica com a primeira palavra da etiqueta («o modelo às vezes explica-se a seguir»): "cobranca atrasada" vai para "cobranca".

Requisito: r3
"""

_certo = rotear


def rotear(pedido, classificar):
    def primeira_palavra(p):
        etiqueta = classificar(p)
        return etiqueta.split()[0] if isinstance(etiqueta, str) and etiqueta.split() else etiqueta

    return _certo(pedido, primeira_palavra)
