"""Trata uma consulta que devolveu None como se não houvesse consulta: volta a consultar em vez de responder.

Requisito: r4
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    com_resultado = [p for p in historico if not (p["ferramenta"] == "consultar_catalogo" and p["resultado"] is None)]
    return _decidir_certo(pedido, com_resultado)
