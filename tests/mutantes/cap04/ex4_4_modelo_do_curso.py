"""Usa o modelo do curso, curso.modelo() (como no exemplo), em vez do modelo que recebe.

Requisito: r2
"""

from curso import modelo as modelo_do_curso

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    return _certo(pedido, cliente, modelo_do_curso())
