"""Só apanha TimeoutError («um modelo só falha por demorar»): outra exceção do classificador deita
abaixo o router.

Requisito: r4
"""

_certo = rotear


def rotear(pedido, classificar):
    try:
        etiqueta = classificar(pedido)
    except TimeoutError:
        return "suporte"
    return _certo(pedido, lambda p: etiqueta)
