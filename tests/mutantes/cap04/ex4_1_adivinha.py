"""Na dúvida, adivinha: consulta o catálogo com o pedido inteiro em vez de devolver None.

Requisito: r5
"""

_decidir_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    return _decidir_certo(pedido) or ("consultar_catalogo", {"nome_produto": pedido})
